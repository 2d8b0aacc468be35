<?php
/**
 * Deleting the plugin (Plugins → Delete) removes what it stored: its settings option and the perk
 * lists it cached in transients, on every site of a network. A key defined in wp-config.php stays
 * there: remove those constants by hand.
 *
 * @package loyaltykit
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

/** Deletes the plugin's option and transients of the current site. */
function loyaltykit_uninstall_site(): void {
	global $wpdb;
	delete_option( 'loyaltykit_settings' );
	$like  = $wpdb->esc_like( '_transient_loyaltykit_' ) . '%';
	$names = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $like ) );
	foreach ( $names as $name ) {
		delete_transient( substr( $name, strlen( '_transient_' ) ) );
	}
}

if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids' ) ) as $site_id ) {
		switch_to_blog( $site_id );
		loyaltykit_uninstall_site();
		restore_current_blog();
	}
} else {
	loyaltykit_uninstall_site();
}
