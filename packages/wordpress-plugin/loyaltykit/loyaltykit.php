<?php
/**
 * Plugin Name:       loyaltykit
 * Description:       Daily check-in streaks, milestone bonuses, perk redemption and a leaderboard for your members, served by your loyaltykit server. REST API: /wp-json/loyalty/v1.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      8.1
 * Author:            loyaltykit
 * License:           MIT
 * Text Domain:       loyaltykit
 *
 * @package loyaltykit
 */

defined( 'ABSPATH' ) || exit;

define( 'LOYALTYKIT_PLUGIN_VERSION', '0.1.0' );
define( 'LOYALTYKIT_PLUGIN_FILE', __FILE__ );

require_once __DIR__ . '/includes/class-loyaltykit-config.php';
require_once __DIR__ . '/includes/class-loyaltykit-upstream.php';
require_once __DIR__ . '/includes/class-loyaltykit-rest.php';
require_once __DIR__ . '/includes/class-loyaltykit-shortcodes.php';

add_action( 'rest_api_init', array( 'Loyaltykit_Rest', 'register_routes' ) );
add_action( 'init', array( 'Loyaltykit_Shortcodes', 'register' ) );

if ( is_admin() ) {
	require_once __DIR__ . '/includes/class-loyaltykit-settings-page.php';
	Loyaltykit_Settings_Page::hook();
}
