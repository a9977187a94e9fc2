#!/usr/bin/env bash
# Installs the project's own devDependencies on a fresh clone (Node 20 + npm are all a machine needs).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules/n8n-core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[deps] installing devDependencies" >&2
  # .npmrc sets ignore-scripts: n8n-workflow's optional native sandbox would otherwise try to build for Node 20.
  npm ci --no-audit --no-fund >&2
fi
