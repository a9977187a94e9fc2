#!/usr/bin/env bash
# npm run bench: rate-limit throughput, request economy, trigger cost and footprint, side by side
# with n8n's own GitHub/Trello nodes from the n8n install prepared by scripts/n8n-host.sh.
# Prints the tables; writes BENCHMARKS.md and bench/rate-limit-chart.svg only after a complete run
# (no arguments, every section passed, n8n's nodes and queue mode measured), so a partial run such
# as `npm run bench -- -t Footprint` or a failed one leaves the published figures as they were.
# `npm run bench -- --section '<words of a section title>'` runs that section alone and, when it
# passed at full size with n8n's nodes measured, replaces only its table and goal rows in
# BENCHMARKS.md (the section then says its figures come from their own run, and when).
set -euo pipefail
cd "$(dirname "$0")/.."

section=""
if [ "${1:-}" = --section ]; then
  section="${2:?--section needs words of a section title, e.g. --section 'Polling cost'}"
  shift 2
  set -- -t "$section" "$@"
fi

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

export BENCH_PARTS="$(mktemp -d)"
export BENCH_REPORT="${BENCH_REPORT:-$BENCH_PARTS/report.md}"
status=0
# Only the in-process run here: the queue-mode file (run below through scripts/queue.sh) loads the
# fakes, whose nock would stay active in this process and keep every request of the polling section alive.
npx jest --config bench/jest.config.js --runInBand --silent bench/run.bench.ts "$@" >&2 || status=$?
complete=yes
if [ "$#" -gt 0 ]; then complete="no (only part of the sections was asked for: $*)"; fi
if [ -n "$section" ] && [ "$#" -eq 2 ]; then complete="section"; fi
if [ -n "${BENCH_FILES_CASES:-}${BENCH_FILES_SMALL:-}${BENCH_TRIGGER_CASES:-}${BENCH_POLL_REPOSITORIES:-}${BENCH_POLL_MINUTES:-}" ]; then complete="no (a section ran in part or small: BENCH_FILES_CASES / BENCH_FILES_SMALL / BENCH_TRIGGER_CASES / BENCH_POLL_REPOSITORIES / BENCH_POLL_MINUTES)"; fi
if [ "$status" -ne 0 ]; then complete="no (a section failed)"; fi
if [ -z "$N8N_HOST_DIR" ]; then complete="no (n8n's nodes were not measured)"; fi
if [ -n "$N8N_HOST_DIR" ] && [ "$#" -eq 0 ]; then
  # Queue mode needs PostgreSQL and Redis: scripts/queue.sh provides them and runs the queue-mode section.
  bash scripts/queue.sh --bench --silent >&2 || { status=$?; complete="no (queue mode failed)"; }
fi
# The report is assembled from the run's parts, its sections numbered in order.
npx tsc -p scripts/tsconfig.json --outDir "$BENCH_PARTS/js"
assemble=(node "$BENCH_PARTS/js/scripts/benchmarks-md.js" "$BENCH_PARTS" "$BENCH_REPORT")
if [ "$complete" = yes ]; then assemble+=(--publish "$PWD"); fi
if [ "$complete" = section ]; then assemble+=(--replace-section "$PWD" "$section"); fi
"${assemble[@]}" || status=$?
if [ -f "$BENCH_REPORT" ]; then cat "$BENCH_REPORT"; fi
if [ "$complete" != yes ] && [ "$complete" != section ]; then echo "[bench] not a complete run, $complete: BENCHMARKS.md left as it was" >&2; fi
exit "$status"
