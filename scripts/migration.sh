#!/usr/bin/env bash
# The request-for-request suite: n8n's own GitHub and Trello nodes (n8n-nodes-base of the n8n host
# scripts/n8n-host.sh prepares) and their converted copies, in-process, against one recording fake.
set -euo pipefail
cd "$(dirname "$0")/.."
N8N_HOST_DIR="$(bash scripts/n8n-host.sh | tail -n 1)"
export N8N_HOST_DIR
exec npx jest --config test/migration/jest.config.js "$@"
