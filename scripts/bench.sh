#!/usr/bin/env bash
# npm run bench: rate-limit throughput, request economy, trigger cost and footprint, side by side
# with n8n's own GitHub/Trello nodes from the n8n install prepared by scripts/n8n-host.sh.
# Writes BENCHMARKS.md and bench/rate-limit-chart.svg; prints the tables.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${N8N_HOST_DIR:-}" ]; then
  if N8N_HOST_DIR="$(bash scripts/n8n-host.sh | tail -n 1)"; then :; else
    echo "[bench] the n8n install is not available: n8n's nodes will be reported as not measured" >&2
    N8N_HOST_DIR=""
  fi
fi
export N8N_HOST_DIR

echo "[bench] building dist/ (packed size and cold require are measured on the built package)" >&2
if [ -n "$N8N_HOST_DIR" ]; then
  # The real-n8n trigger rows install the package as users get it: packed.
  source scripts/pack-for-n8n.sh
else
  npm run build >/dev/null
fi

export BENCH_REPORT="${BENCH_REPORT:-$(mktemp -d)/report.md}"
status=0
npx jest --config bench/jest.config.js --runInBand --silent "$@" >&2 || status=$?
if [ -f "$BENCH_REPORT" ]; then cat "$BENCH_REPORT"; fi
if [ -n "$N8N_HOST_DIR" ]; then
  # Queue mode needs PostgreSQL and Redis: scripts/queue.sh provides them and appends the queue-mode section.
  BENCH_REPORT="$(dirname "$BENCH_REPORT")/queue.md" bash scripts/queue.sh --bench --silent >&2 || status=$?
  if [ -f "$(dirname "$BENCH_REPORT")/queue.md" ]; then cat "$(dirname "$BENCH_REPORT")/queue.md"; fi
fi
exit "$status"
