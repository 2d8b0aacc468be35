#!/usr/bin/env bash
# Stops a WordPress started by start-wordpress.sh (its PHP server and MariaDB) and deletes its folder.
# Usage: bash scripts/stop-wordpress.sh <dir>   (default: $WORDPRESS_DIR)
set -u
dir=${1:-${WORDPRESS_DIR:-}}
[ -n "$dir" ] && [ -d "$dir/wordpress" ] || exit 0
for pidfile in "$dir/php-server.pid" "$dir/mysqld.pid"; do
  [ -s "$pidfile" ] || continue
  pid=$(cat "$pidfile")
  # Each was started with setsid: its process group (the PHP server's workers too) has its pid.
  kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || continue
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 -- "-$pid" 2>/dev/null
done
rm -rf "$dir"
