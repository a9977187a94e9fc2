#!/usr/bin/env bash
# The whole suite: lint (n8n community-node rules), build, n8n's package scanner on the sources
# and the packed tarball, the tests' own types (jest compiles them without checking), unit + in-process workflow tests, then end-to-end tests in a real n8n.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
start=$(date +%s)
npm run lint
npm run build
node scripts/scan.mjs
npx tsc -p test/tsconfig.json --noEmit
npm run test:unit
npm run test:e2e
echo "test suite finished in $(( $(date +%s) - start )) s"
