#!/usr/bin/env bash
# A throwaway WordPress on 127.0.0.1 with the loyaltykit plugin (packages/wordpress-plugin/loyaltykit,
# symlinked, so edits show at once) active: MariaDB on loopback and WordPress (Debian's
# /usr/share/wordpress, copied) in a temp folder, served by PHP's built-in server. Prints `export …`
# lines (WORDPRESS_URL, WORDPRESS_DIR, logins). Used by the plugin's tests and by `pnpm wordpress:dev`.
#
# Usage: eval "$(bash scripts/start-wordpress.sh [dir])"     Stop: bash scripts/stop-wordpress.sh <dir>
#        bash scripts/start-wordpress.sh --dev   (pnpm wordpress:dev: prints the logins, runs until Ctrl-C)
# Optional environment: WORDPRESS_PORT (default: a free port); LOYALTYKIT_API_URL, LOYALTYKIT_BRAND_ID,
# LOYALTYKIT_API_KEY (written as constants into <dir>/wordpress/wp-config-local.php, which
# wp-config.php includes: put any other constant there too).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --dev ]; then
  exports=$(bash "$0")
  eval "$exports"
  trap 'bash "$repo/scripts/stop-wordpress.sh" "$WORDPRESS_DIR"; exit 0' INT TERM
  trap 'bash "$repo/scripts/stop-wordpress.sh" "$WORDPRESS_DIR"' EXIT
  cat <<TEXT
WordPress with the loyaltykit plugin: $WORDPRESS_URL/loyalty/  (the shortcodes' page)
  admin:  $WORDPRESS_ADMIN_USER / $WORDPRESS_ADMIN_PASSWORD   $WORDPRESS_URL/wp-admin/options-general.php?page=loyaltykit
  member: $WORDPRESS_MEMBER_USER / $WORDPRESS_MEMBER_PASSWORD
  REST:   $WORDPRESS_URL/wp-json/loyalty/v1/leaderboard
  files:  $WORDPRESS_DIR (PHP errors: debug.log; constants: wordpress/wp-config-local.php)
Point it at a loyaltykit server on the settings page, or start it with LOYALTYKIT_API_URL, LOYALTYKIT_BRAND_ID
and LOYALTYKIT_API_KEY set. Ctrl-C stops WordPress and MariaDB and deletes the folder.
TEXT
  while true; do sleep 3600 & wait $!; done
fi
dir=${1:-$(mktemp -d /tmp/loyaltykit-wp.XXXXXX)}
mkdir -p "$dir"

if ! command -v php >/dev/null || ! [ -x /usr/sbin/mariadbd ] || ! [ -f /usr/share/wordpress/wp-settings.php ]; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq php-cli php-mysql php-curl mariadb-server wordpress) >&2
  else
    echo "needs Debian's php-cli php-mysql php-curl mariadb-server wordpress (apt-get install them as root)" >&2
    exit 1
  fi
fi

free_port() { php -r '$s=stream_socket_server("tcp://127.0.0.1:0");echo explode(":",stream_socket_get_name($s,false))[1];'; }
wait_for() { for _ in $(seq 1 300); do eval "$1" && return 0; sleep 0.1; done; echo "timed out: $1" >&2; return 1; }

# MariaDB: its own data folder, loopback only, no durability (a test database).
db_port=$(free_port)
as_root=()
[ "$(id -u)" = 0 ] && as_root=(--user=root)
# An empty data folder takes mariadb-install-db about 6 s: it is made once per MariaDB version (in the
# temp folder, shared by every start) and copied.
template="${TMPDIR:-/tmp}/loyaltykit-mariadb-$(id -u)-$(/usr/sbin/mariadbd --version | cksum | cut -d' ' -f1)"
if [ ! -d "$template/data" ]; then
  fresh=$(mktemp -d "$template.XXXXXX")
  mariadb-install-db --no-defaults --datadir="$fresh/data" "${as_root[@]}" --auth-root-authentication-method=socket \
    --skip-test-db >"$dir/mysql-install.log" 2>&1
  mv -T "$fresh" "$template" 2>/dev/null || rm -rf "$fresh" # another start made it first
fi
cp -a "$template/data" "$dir/mysql"
setsid /usr/sbin/mariadbd --no-defaults --datadir="$dir/mysql" "${as_root[@]}" --bind-address=127.0.0.1 \
  --port="$db_port" --socket="$dir/mysqld.sock" --pid-file="$dir/mysqld.pid" --skip-log-bin \
  --innodb-flush-log-at-trx-commit=0 --innodb-buffer-pool-size=64M --log-error="$dir/mysqld.log" \
  </dev/null >/dev/null 2>&1 &
wait_for "[ -S '$dir/mysqld.sock' ] && [ -s '$dir/mysqld.pid' ]"
db_password=$(php -r 'echo bin2hex(random_bytes(12));')
mariadb --no-defaults -S "$dir/mysqld.sock" -u root -e "CREATE DATABASE wordpress CHARACTER SET utf8mb4;
  CREATE USER 'wordpress'@'127.0.0.1' IDENTIFIED BY '$db_password';
  GRANT ALL ON wordpress.* TO 'wordpress'@'127.0.0.1';"

# WordPress: a copy of Debian's, our wp-config.php, the plugin linked in.
port=${WORDPRESS_PORT:-$(free_port)}
url="http://127.0.0.1:$port"
wp="$dir/wordpress"
# Hard links when /tmp is on the same file system (instant; nothing writes into core files: the new
# wp-config.php replaces the link, and DISALLOW_FILE_MODS keeps the admin from editing files), else a copy.
cp -rlL /usr/share/wordpress "$wp" 2>/dev/null || { rm -rf "$wp" && cp -rL /usr/share/wordpress "$wp"; }
rm -f "$wp/wp-config.php"
ln -s "$repo/packages/wordpress-plugin/loyaltykit" "$wp/wp-content/plugins/loyaltykit"
mkdir -p "$wp/wp-content/uploads"
salts=$(php -r 'foreach (["AUTH_KEY","SECURE_AUTH_KEY","LOGGED_IN_KEY","NONCE_KEY","AUTH_SALT","SECURE_AUTH_SALT","LOGGED_IN_SALT","NONCE_SALT"] as $k) echo "define(\"$k\", \"".bin2hex(random_bytes(32))."\");\n";')
cat >"$wp/wp-config.php" <<PHP
<?php
// Written by scripts/start-wordpress.sh (loyaltykit's development WordPress).
define('DB_NAME', 'wordpress');
define('DB_USER', 'wordpress');
define('DB_PASSWORD', '$db_password');
define('DB_HOST', '127.0.0.1:$db_port');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
$salts
\$table_prefix = 'wp_';
define('WP_HOME', '$url');
define('WP_SITEURL', '$url');
// 'local' lets application passwords work over plain http (WordPress wants https otherwise).
define('WP_ENVIRONMENT_TYPE', 'local');
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('DISALLOW_FILE_MODS', true);
// No internet here: every request to another host fails at once instead of timing out.
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('WP_DEBUG', true);
define('WP_DEBUG_LOG', '$dir/debug.log');
define('WP_DEBUG_DISPLAY', false);
if (file_exists(__DIR__ . '/wp-config-local.php')) {
  require __DIR__ . '/wp-config-local.php';
}
if (!defined('ABSPATH')) {
  define('ABSPATH', __DIR__ . '/');
}
require_once ABSPATH . 'wp-settings.php';
PHP
{
  echo '<?php'
  for name in LOYALTYKIT_API_URL LOYALTYKIT_BRAND_ID LOYALTYKIT_API_KEY; do
    if [ -n "${!name:-}" ]; then printf "define('%s', %s);\n" "$name" "$(php -r 'echo var_export(getenv($argv[1]), true);' "$name")"; fi
  done
} >"$wp/wp-config-local.php"

admin_password=$(php -r 'echo bin2hex(random_bytes(8));')
member_password=$(php -r 'echo bin2hex(random_bytes(8));')
php "$repo/scripts/wordpress-install.php" "$wp" "$admin_password" "$member_password" >"$dir/install.log" 2>&1 ||
  { cat "$dir/install.log" >&2; exit 1; }

# PHP's built-in server, a few workers (a page and its scripts load in parallel). Its opcache (on for
# the built-in server, unlike the CLI) checks every file's time on each request, so edits of the plugin
# show at once, and never caches wp-config-local.php, which may change twice in one second.
echo "$wp/wp-config-local.php" >"$dir/opcache-blacklist.txt"
PHP_CLI_SERVER_WORKERS=4 setsid php -d opcache.revalidate_freq=0 -d opcache.blacklist_filename="$dir/opcache-blacklist.txt" \
  -S "127.0.0.1:$port" -t "$wp" </dev/null >"$dir/php-server.log" 2>&1 &
echo $! >"$dir/php-server.pid"
wait_for "php -r 'exit(@fsockopen(\"127.0.0.1\", $port) ? 0 : 1);'"

echo "export WORDPRESS_DIR=$dir"
echo "export WORDPRESS_URL=$url"
echo "export WORDPRESS_ADMIN_USER=admin WORDPRESS_ADMIN_PASSWORD=$admin_password"
echo "export WORDPRESS_MEMBER_USER=member WORDPRESS_MEMBER_PASSWORD=$member_password"
