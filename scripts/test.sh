#!/usr/bin/env bash
# The whole suite: lint (n8n community-node rules), build, n8n's package scanner on the sources
# and the packed tarball, the tests' own types (jest compiles them without checking), unit + in-process workflow tests, then end-to-end tests in a real n8n.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
start=$(date +%s)
# Each step's share of the run is printed at the end, so a step that grows shows in CI's output.
shares=()
step() {
  local began=$(date +%s)
  "$@"
  shares+=("$(( $(date +%s) - began )) s  $*")
}
step npm run lint
step npm run build
step node scripts/scan.mjs
step npx tsc -p test/tsconfig.json --noEmit
step npm run test:unit
step npm run test:migration
step npm run test:e2e
echo "test suite finished in $(( $(date +%s) - start )) s:"
printf '  %s\n' "${shares[@]}"
