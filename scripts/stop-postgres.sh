#!/usr/bin/env bash
# Stops a server started by start-postgres.sh: stop-postgres.sh <dir>
set -u
dir=${1:-${LOYALTYKIT_PG_DIR:-}}
[ -n "$dir" ] && [ -d "$dir/data" ] || exit 0
bin=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/pg_ctl" ] && bin=$d; done
if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$bin/pg_ctl -D '$dir/data' -m immediate stop" >/dev/null 2>&1
else "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1; fi
rm -rf "$dir"
