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
# Lint and the tests' type check each keep one core busy: they run beside the build and the scan, and
# their output is shown when they end.
checks="$(mktemp -d)"
beside() {
  local name="$1"; shift
  ( began=$(date +%s); status=0
    "$@" >"$checks/$name.out" 2>&1 & child=$!
    trap 'kill "$child" 2>/dev/null; exit 143' TERM
    wait "$child" || status=$?
    echo "$(( $(date +%s) - began )) s  $*" >"$checks/$name.took"; exit "$status" ) &
  eval "${name}_pid=$!"
}
joined() {
  local name="$1" status=0
  wait "$(eval echo "\$${name}_pid")" || status=$?
  cat "$checks/$name.out"
  shares+=("$(cat "$checks/$name.took") (beside the build)")
  return "$status"
}
# Whatever ends the run, nothing started here keeps running.
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$checks"' EXIT
beside lint npm run lint
beside types npx tsc -p test/tsconfig.json --noEmit
step npm run build
step node scripts/scan.mjs
lint_status=0; joined lint || lint_status=$?
types_status=0; joined types || types_status=$?
[ "$lint_status" = 0 ] && [ "$types_status" = 0 ] || exit 1
step npm run test:unit
step npm run test:e2e
echo "test suite finished in $(( $(date +%s) - start )) s:"
printf '  %s\n' "${shares[@]}"
