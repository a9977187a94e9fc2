#!/usr/bin/env bash
# The queue-mode suite: n8n's own scaling setup (main + 2 workers + a webhook process over
# PostgreSQL and Redis) with this package installed, all on 127.0.0.1. Redis comes from Debian's
# package (installed when missing), PostgreSQL from the image; both run from temporary folders on
# free ports and are stopped on exit, also on failure, together with every n8n process the tests
# started (their process groups are listed in $QUEUE_WORK/pids).
# `scripts/queue.sh --bench` runs the bench's queue-mode section instead of the tests.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { echo "[queue] $*" >&2; }
free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

# Missing services are installed with apt, through sudo when not root (as on CI runners).
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
apt_install() {
  if [ -n "$SUDO" ] && ! sudo -n true 2>/dev/null; then log "$1 is missing: install Debian's $1 package"; exit 1; fi
  log "installing $1"
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$1" >&2
}
command -v redis-server >/dev/null || apt_install redis-server
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [ -z "$PG_BIN" ]; then
  apt_install postgresql
  PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
fi

QUEUE_WORK="$(mktemp -d)"
chmod 755 "$QUEUE_WORK"
export QUEUE_WORK
: > "$QUEUE_WORK/pids"
REDIS_PID=""
# PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

cleanup() {
  local status=$?
  while read -r pid; do
    [ -n "$pid" ] && kill -KILL -- "-$pid" 2>/dev/null || true
  done < "$QUEUE_WORK/pids"
  if [ -f "$QUEUE_WORK/pg/data/postmaster.pid" ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$QUEUE_WORK/pg/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  [ -n "$REDIS_PID" ] && kill "$REDIS_PID" 2>/dev/null || true
  rm -rf "$QUEUE_WORK"
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

N8N_HOST_DIR="$(bash scripts/n8n-host.sh | tail -n 1)"
export N8N_HOST_DIR
source scripts/pack-for-n8n.sh

QUEUE_REDIS_PORT="$(free_port)"
redis-server --port "$QUEUE_REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize no \
  --dir "$QUEUE_WORK" >"$QUEUE_WORK/redis.log" 2>&1 &
REDIS_PID=$!
export QUEUE_REDIS_PORT

QUEUE_PG_PORT="$(free_port)"
mkdir -p "$QUEUE_WORK/pg"
[ "$(id -u)" = 0 ] && chown postgres "$QUEUE_WORK/pg"
as_pg "$PG_BIN/initdb" -D "$QUEUE_WORK/pg/data" -U postgres --auth=trust >"$QUEUE_WORK/initdb.log" 2>&1 \
  || { cat "$QUEUE_WORK/initdb.log" >&2; exit 1; }
as_pg "$PG_BIN/pg_ctl" -D "$QUEUE_WORK/pg/data" -l "$QUEUE_WORK/pg/server.log" \
  -o "-c listen_addresses=127.0.0.1 -p $QUEUE_PG_PORT -k $QUEUE_WORK/pg -c fsync=off" -w start >/dev/null
"$PG_BIN/psql" -h 127.0.0.1 -p "$QUEUE_PG_PORT" -U postgres -qc 'CREATE DATABASE n8n' >/dev/null
export QUEUE_PG_PORT
QUEUE_PSQL="$PG_BIN/psql"
export QUEUE_PSQL
for _ in $(seq 1 50); do redis-cli -p "$QUEUE_REDIS_PORT" ping 2>/dev/null | grep -q PONG && break; sleep 0.1; done
log "redis on 127.0.0.1:$QUEUE_REDIS_PORT, postgres on 127.0.0.1:$QUEUE_PG_PORT"

export N8N_E2E_PID_FILE="$QUEUE_WORK/pids"
if [ "${1:-}" = "--bench" ]; then
  # npm run bench's queue-mode section (bench/queueMode.bench.ts) over the same services.
  shift
  npx jest --config bench/jest.config.js --runInBand bench/queueMode.bench.ts "$@"
else
  npx jest --config test/queue/jest.config.js --runInBand "$@"
fi
