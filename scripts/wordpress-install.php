<?php
/**
 * Installs the WordPress of scripts/start-wordpress.sh: the site, its administrator `admin`, a member
 * `member` (a subscriber), pretty permalinks (so the REST API is at /wp-json/), the loyaltykit plugin
 * activated and a page /loyalty/ showing its three shortcodes.
 *
 * Usage: php scripts/wordpress-install.php <wordpress-dir> <admin-password> <member-password>
 */

[ , $wordpress, $admin_password, $member_password ] = $argv;
define( 'WP_INSTALLING', true );
$_SERVER['HTTP_HOST']   = 'localhost';
$_SERVER['REQUEST_URI'] = '/';
require $wordpress . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$installed = wp_install( 'loyaltykit dev site', 'admin', 'admin@example.test', false, '', wp_slash( $admin_password ) );
if ( is_wp_error( $installed['password'] ?? null ) ) {
	fwrite( STDERR, "wp_install failed\n" );
	exit( 1 );
}
update_option( 'permalink_structure', '/%postname%/' );
flush_rewrite_rules( false );

$member = wp_insert_user(
	array(
		'user_login'   => 'member',
		'user_pass'    => $member_password,
		'user_email'   => 'member@example.test',
		'display_name' => 'Member',
		'role'         => 'subscriber',
	)
);
if ( is_wp_error( $member ) ) {
	fwrite( STDERR, $member->get_error_message() . "\n" );
	exit( 1 );
}

$activated = activate_plugin( 'loyaltykit/loyaltykit.php' );
if ( is_wp_error( $activated ) ) {
	fwrite( STDERR, 'activating loyaltykit: ' . $activated->get_error_message() . "\n" );
	exit( 1 );
}

$content = "<!-- wp:shortcode -->\n[loyaltykit_checkin]\n<!-- /wp:shortcode -->\n"
	. "<!-- wp:shortcode -->\n[loyaltykit_perks]\n<!-- /wp:shortcode -->\n"
	. "<!-- wp:shortcode -->\n[loyaltykit_leaderboard]\n<!-- /wp:shortcode -->";
wp_insert_post(
	array(
		'post_type'    => 'page',
		'post_status'  => 'publish',
		'post_title'   => 'Loyalty',
		'post_name'    => 'loyalty',
		'post_content' => $content,
	)
);
echo "installed\n";
