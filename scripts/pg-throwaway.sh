#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the server tests (fsync off, trust auth, 127.0.0.1 only).
#   bash scripts/pg-throwaway.sh start      → prints `export TEST_DATABASE_URL=…` and `export PG_THROWAWAY_DIR=…`
#   bash scripts/pg-throwaway.sh stop [DIR] → stops the cluster and removes DIR (default $PG_THROWAWAY_DIR)
# Typical use: eval "$(bash scripts/pg-throwaway.sh start)"; TEST_DATABASE_URL=… npx vitest run --project server
set -euo pipefail

log() { echo "[pg-throwaway] $*" >&2; }

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)
  if [ -z "$dir" ] || [ ! -x "$dir/pg_ctl" ]; then
    log "PostgreSQL binaries not found under /usr/lib/postgresql (run scripts/ensure-postgres.sh)"
    exit 1
  fi
  echo "$dir"
}

# Runs a command as the postgres user when we are root (initdb refuses to run as root).
as_pg() {
  if [ "$(id -u)" = "0" ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

start() {
  local bin dir port
  bin=$(pg_bin)
  dir=$(mktemp -d /tmp/pg-throwaway.XXXXXX)
  if [ "$(id -u)" = "0" ]; then chown postgres: "$dir"; fi
  as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
    log "initdb failed:"; cat "$dir/initdb.log" >&2; exit 1;
  }
  for attempt in 1 2 3; do
    port=$(free_port)
    if as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >&2; then
      log "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, data in $dir"
      echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
      echo "export PG_THROWAWAY_DIR=$dir"
      return 0
    fi
    log "start on port $port failed (attempt $attempt)"
  done
  tail -n 20 "$dir/log" >&2 || true
  exit 1
}

stop() {
  local dir="${1:-${PG_THROWAWAY_DIR:-}}" bin
  if [ -z "$dir" ]; then log "usage: $0 stop DIR (or set PG_THROWAWAY_DIR)"; exit 2; fi
  case "$dir" in
    /tmp/pg-throwaway.*) ;;
    *) log "refusing to remove $dir: not a pg-throwaway directory"; exit 2 ;;
  esac
  bin=$(pg_bin)
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || log "pg_ctl stop failed"
  fi
  rm -rf "$dir"
  log "stopped and removed $dir"
}

case "${1:-}" in
  start) start ;;
  stop) shift; stop "${1:-}" ;;
  *) echo "usage: $0 start | stop [DIR]" >&2; exit 2 ;;
esac
