<?php
/**
 * The plugin's settings: the loyaltykit server's URL, the brand id, the brand's API key and the
 * upstream timeout. Each comes from a constant in wp-config.php when one is defined (LOYALTYKIT_API_URL,
 * LOYALTYKIT_BRAND_ID, LOYALTYKIT_API_KEY, LOYALTYKIT_TIMEOUT), else from the settings page (the
 * option `loyaltykit_settings`). A constant always wins over the page.
 *
 * @package loyaltykit
 */

defined( 'ABSPATH' ) || exit;

/** Reads the plugin's settings. */
final class Loyaltykit_Config {

	/** The option holding the settings page's values (an array). */
	public const OPTION = 'loyaltykit_settings';

	/** Setting name => wp-config.php constant that overrides it. */
	public const CONSTANTS = array(
		'api_url'  => 'LOYALTYKIT_API_URL',
		'brand_id' => 'LOYALTYKIT_BRAND_ID',
		'api_key'  => 'LOYALTYKIT_API_KEY',
		'timeout'  => 'LOYALTYKIT_TIMEOUT',
	);

	/** Seconds a write (check-in, claim, redeem) may wait for the server: it waits for its mint. */
	public const DEFAULT_TIMEOUT = 15;

	/** The longest a page render waits for the server (streak, perks, leaderboard in a shortcode). */
	public const RENDER_TIMEOUT = 3;

	/** Whether the setting comes from a wp-config.php constant (the page cannot change it). */
	public static function from_constant( string $name ): bool {
		$constant = self::CONSTANTS[ $name ] ?? null;
		return null !== $constant && defined( $constant ) && '' !== trim( (string) constant( $constant ) );
	}

	/** The setting's value: the constant's, else the page's, else ''. */
	public static function get( string $name ): string {
		if ( self::from_constant( $name ) ) {
			return trim( (string) constant( self::CONSTANTS[ $name ] ) );
		}
		$saved = get_option( self::OPTION, array() );
		return is_array( $saved ) && isset( $saved[ $name ] ) ? trim( (string) $saved[ $name ] ) : '';
	}

	/** The loyaltykit server's origin, without a trailing slash. */
	public static function api_url(): string {
		return untrailingslashit( self::get( 'api_url' ) );
	}

	/** Whether the URL, the brand id and the key are all set. */
	public static function is_configured(): bool {
		return '' !== self::api_url() && '' !== self::get( 'brand_id' ) && '' !== self::get( 'api_key' );
	}

	/**
	 * Seconds an upstream write may take (1 to 60, default 15); filter `loyaltykit_timeout`.
	 * Reads made while rendering a page wait at most RENDER_TIMEOUT of them.
	 */
	public static function timeout(): float {
		$value = self::get( 'timeout' );
		$seconds = is_numeric( $value ) ? (float) $value : (float) self::DEFAULT_TIMEOUT;
		$seconds = (float) apply_filters( 'loyaltykit_timeout', $seconds );
		return max( 0.5, min( 60.0, $seconds ) );
	}
}
