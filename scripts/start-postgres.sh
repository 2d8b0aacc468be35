#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on 127.0.0.1 and prints `export DATABASE_URL=...`.
# Usage: eval "$(bash scripts/start-postgres.sh [dir])"   Stop: pg_ctl -D <dir>/data stop
set -euo pipefail
dir=${1:-$(mktemp -d /tmp/loyaltykit-pg.XXXXXX)}
bin=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && bin=$d; done
if [ -z "$bin" ]; then
  if command -v apt-get >/dev/null; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >&2
    for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && bin=$d; done
  fi
fi
[ -n "$bin" ] || { echo "no PostgreSQL server binaries found" >&2; exit 1; }
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
mkdir -p "$dir"
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"
run "$bin/initdb -D '$dir/data' -U postgres -A trust --no-sync -E UTF8" >/dev/null
run "$bin/pg_ctl -D '$dir/data' -l '$dir/log' -w -o \"-h 127.0.0.1 -p $port -k '$dir' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300\" start" >/dev/null
echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
echo "export LOYALTYKIT_PG_DIR=$dir"
