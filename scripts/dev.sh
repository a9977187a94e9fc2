#!/usr/bin/env bash
# Starts a local n8n (SQLite, no other services) at http://localhost:5678 with this package
# installed the way users install community nodes. Ctrl+C stops it.
# N8N_PORT and N8N_DEV_USER_FOLDER choose another port or data folder; N8N_HOST_VERSION=1 runs n8n 1.x.
set -euo pipefail
cd "$(dirname "$0")/.."
log() { echo "[dev] $*" >&2; }

bash scripts/ensure-deps.sh
npm run build >&2

if ! HOST_DIR=$(bash scripts/n8n-host.sh | tail -n 1) || [ -z "$HOST_DIR" ]; then
  log "n8n could not be prepared (see the [n8n-host] lines above); nothing was started."
  exit 1
fi
CACHE_ROOT=$(dirname "$HOST_DIR")
# n8n 1.x cannot open a database n8n 2.x has migrated: each major keeps its own data folder.
DEFAULT_USER_FOLDER="$CACHE_ROOT/dev-user"
[ "${N8N_HOST_VERSION:-2}" = 1 ] && DEFAULT_USER_FOLDER="$CACHE_ROOT/dev-user-n8n1"
USER_FOLDER="${N8N_DEV_USER_FOLDER:-$DEFAULT_USER_FOLDER}"
NODES_DIR="$USER_FOLDER/.n8n/nodes"

mkdir -p .dev-work "$NODES_DIR"
rm -f .dev-work/*.tgz
TARBALL=$(npm pack --silent --pack-destination .dev-work | tail -n 1)
[ -f "$NODES_DIR/package.json" ] || echo '{"name":"installed-nodes","private":true}' > "$NODES_DIR/package.json"
(cd "$NODES_DIR" && npm install "$OLDPWD/.dev-work/$TARBALL" --no-audit --no-fund --offline --loglevel=error >&2)

export N8N_USER_FOLDER="$USER_FOLDER"
export N8N_PORT="${N8N_PORT:-5678}"
export N8N_DIAGNOSTICS_ENABLED=false
export N8N_VERSION_NOTIFICATIONS_ENABLED=false
export N8N_TEMPLATES_ENABLED=false
export N8N_SECURE_COOKIE=false
log "starting n8n with n8n-nodes-github-trello (data in $USER_FOLDER)"

# n8n's messages go to the terminal and to a file, where its start-up message is looked for.
START_LOG="$(mktemp)"
trap 'rm -f "$START_LOG"' EXIT
"$HOST_DIR/bin/node" "$HOST_DIR/node_modules/n8n/bin/n8n" start > >(tee "$START_LOG") 2>&1 &
n8n_pid=$!
stop() { kill -TERM "$n8n_pid" 2>/dev/null || true; wait "$n8n_pid" 2>/dev/null || true; }
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM

url="http://localhost:$N8N_PORT"
# /healthz answers during database migrations already; readiness waits for them, and n8n 1.x
# reports ready before its REST API is up: `n8n start` prints the editor's address once it is.
for _ in $(seq 1 240); do
  if ! kill -0 "$n8n_pid" 2>/dev/null; then
    wait "$n8n_pid" && status=0 || status=$?
    log "n8n stopped before it was ready (exit $status); its messages are above."
    exit 1
  fi
  if curl -fsS "$url/healthz/readiness" >/dev/null 2>&1 && grep -q "Editor is now accessible via" "$START_LOG"; then
    echo
    echo "n8n with n8n-nodes-github-trello is ready: $url   (Ctrl+C stops it)"
    echo
    break
  fi
  sleep 0.5
done
wait "$n8n_pid"
