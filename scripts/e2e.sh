#!/usr/bin/env bash
# End-to-end tests in a real n8n: prepares n8n (cached), packs this package as users get it,
# and runs test/**/*.e2e.test.ts, which start fake GitHub/Trello servers on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."

# Assigned before export, so a failed n8n install stops the script (set -e).
N8N_HOST_DIR="$(bash scripts/n8n-host.sh | tail -n 1)"
export N8N_HOST_DIR
source scripts/pack-for-n8n.sh
CHROMIUM_PATH="$(bash scripts/chromium.sh | tail -n 1)"
export CHROMIUM_PATH

# Two files at a time: a file spends most of its time in n8n's single-threaded start-ups and CLI
# runs, so a second file uses the other core (each file has its own n8n, user folder and ports).
npx jest --config test/e2e/jest.config.js --maxWorkers="${E2E_WORKERS:-2}" "$@"
