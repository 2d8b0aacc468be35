<?php
/**
 * Settings → loyaltykit: the loyaltykit server's URL, the brand id, the brand's API key and the
 * upstream timeout, saved in the option `loyaltykit_settings`. The stored key is never printed back
 * into the page: its field stays empty (leave it empty to keep the key, tick "Remove" to delete it).
 * A setting defined as a constant in wp-config.php is shown as such and cannot be edited here.
 *
 * @package loyaltykit
 */

defined( 'ABSPATH' ) || exit;

/** The admin settings page. */
final class Loyaltykit_Settings_Page {

	private const PAGE = 'loyaltykit';

	/** Hooks the page into the admin. */
	public static function hook(): void {
		add_action( 'admin_menu', array( __CLASS__, 'add_page' ) );
		add_action( 'admin_init', array( __CLASS__, 'register' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( LOYALTYKIT_PLUGIN_FILE ), array( __CLASS__, 'action_links' ) );
	}

	public static function add_page(): void {
		add_options_page( 'loyaltykit', 'loyaltykit', 'manage_options', self::PAGE, array( __CLASS__, 'render' ) );
	}

	/** A "Settings" link on the Plugins screen. */
	public static function action_links( array $links ): array {
		$url = admin_url( 'options-general.php?page=' . self::PAGE );
		array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'loyaltykit' ) . '</a>' );
		return $links;
	}

	public static function register(): void {
		register_setting(
			self::PAGE,
			Loyaltykit_Config::OPTION,
			array(
				'type'              => 'array',
				'sanitize_callback' => array( __CLASS__, 'sanitize' ),
				'default'           => array(),
				'show_in_rest'      => false,
			)
		);
	}

	/**
	 * What the form sends, made safe to store. An empty key field keeps the stored key; "Remove the
	 * key" deletes it. A URL that is not http(s) is refused with a notice (the old one is kept).
	 */
	public static function sanitize( mixed $input ): array {
		$input = is_array( $input ) ? $input : array();
		$old   = get_option( Loyaltykit_Config::OPTION, array() );
		$old   = is_array( $old ) ? $old : array();
		$clean = array(
			'api_url'  => (string) ( $old['api_url'] ?? '' ),
			'brand_id' => sanitize_text_field( (string) ( $input['brand_id'] ?? '' ) ),
			'api_key'  => (string) ( $old['api_key'] ?? '' ),
			'timeout'  => (string) ( $old['timeout'] ?? '' ),
		);
		$url = trim( (string) ( $input['api_url'] ?? '' ) );
		if ( '' === $url || preg_match( '#^https?://[^\s/]+#i', $url ) ) {
			$clean['api_url'] = untrailingslashit( esc_url_raw( $url, array( 'http', 'https' ) ) );
		} else {
			add_settings_error( self::PAGE, 'api_url', __( 'The API URL must start with https:// (or http://).', 'loyaltykit' ) );
		}
		$key = trim( (string) ( $input['api_key'] ?? '' ) );
		if ( ! empty( $input['remove_api_key'] ) ) {
			$clean['api_key'] = '';
		} elseif ( '' !== $key ) {
			$clean['api_key'] = sanitize_text_field( $key );
		}
		$timeout = trim( (string) ( $input['timeout'] ?? '' ) );
		$clean['timeout'] = is_numeric( $timeout ) ? (string) max( 1, min( 60, (int) $timeout ) ) : '';
		return $clean;
	}

	/** The page. */
	public static function render(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$saved = get_option( Loyaltykit_Config::OPTION, array() );
		$saved = is_array( $saved ) ? $saved : array();
		echo '<div class="wrap"><h1>loyaltykit</h1>';
		echo '<p>' . esc_html__( 'Daily check-ins, milestones, perks and a leaderboard from your loyaltykit server. Shortcodes: [loyaltykit_checkin], [loyaltykit_perks], [loyaltykit_leaderboard].', 'loyaltykit' ) . '</p>';
		echo Loyaltykit_Config::is_configured()
			? '<p class="loyaltykit-status">' . esc_html__( 'Status: configured.', 'loyaltykit' ) . '</p>'
			: '<p class="loyaltykit-status">' . esc_html__( 'Status: not configured (the API URL, brand id and API key are all needed).', 'loyaltykit' ) . '</p>';
		echo '<form method="post" action="options.php">';
		settings_fields( self::PAGE );
		echo '<table class="form-table" role="presentation">';
		self::text_row( 'api_url', __( 'API URL', 'loyaltykit' ), (string) ( $saved['api_url'] ?? '' ), 'url', __( 'The loyaltykit server\'s origin, e.g. https://loyalty.example.com.', 'loyaltykit' ) );
		self::text_row( 'brand_id', __( 'Brand id', 'loyaltykit' ), (string) ( $saved['brand_id'] ?? '' ), 'text', __( 'From loyaltykit brand create.', 'loyaltykit' ) );
		self::key_row( '' !== (string) ( $saved['api_key'] ?? '' ) );
		self::text_row( 'timeout', __( 'Timeout (seconds)', 'loyaltykit' ), (string) ( $saved['timeout'] ?? '' ), 'number', __( 'How long a check-in, claim or redemption waits for the server (default 15; pages wait at most 3).', 'loyaltykit' ) );
		echo '</table>';
		submit_button();
		echo '</form></div>';
	}

	private static function text_row( string $name, string $label, string $value, string $type, string $help ): void {
		$id = 'loyaltykit_' . $name;
		echo '<tr><th scope="row"><label for="' . esc_attr( $id ) . '">' . esc_html( $label ) . '</label></th><td>';
		if ( Loyaltykit_Config::from_constant( $name ) ) {
			$constant = Loyaltykit_Config::CONSTANTS[ $name ];
			echo '<input type="' . esc_attr( $type ) . '" id="' . esc_attr( $id ) . '" class="regular-text" value="' . esc_attr( Loyaltykit_Config::get( $name ) ) . '" disabled />';
			/* translators: %s: a PHP constant's name */
			echo '<p class="description">' . esc_html( sprintf( __( 'Set by %s in wp-config.php.', 'loyaltykit' ), $constant ) ) . '</p>';
			echo '<input type="hidden" name="' . esc_attr( Loyaltykit_Config::OPTION . "[$name]" ) . '" value="' . esc_attr( $value ) . '" />';
		} else {
			echo '<input type="' . esc_attr( $type ) . '" id="' . esc_attr( $id ) . '" name="' . esc_attr( Loyaltykit_Config::OPTION . "[$name]" ) . '" class="regular-text" value="' . esc_attr( $value ) . '" />';
			echo '<p class="description">' . esc_html( $help ) . '</p>';
		}
		echo '</td></tr>';
	}

	/** The key's row: never the key itself, only whether one is stored. */
	private static function key_row( bool $stored ): void {
		$field = Loyaltykit_Config::OPTION;
		echo '<tr><th scope="row"><label for="loyaltykit_api_key">' . esc_html__( 'API key', 'loyaltykit' ) . '</label></th><td>';
		if ( Loyaltykit_Config::from_constant( 'api_key' ) ) {
			echo '<input type="password" id="loyaltykit_api_key" class="regular-text" value="" placeholder="' . esc_attr__( 'set in wp-config.php', 'loyaltykit' ) . '" disabled />';
			echo '<p class="description">' . esc_html__( 'Set by LOYALTYKIT_API_KEY in wp-config.php.', 'loyaltykit' ) . '</p>';
		} else {
			$placeholder = $stored ? __( 'A key is stored; leave empty to keep it', 'loyaltykit' ) : __( 'No key stored', 'loyaltykit' );
			echo '<input type="password" id="loyaltykit_api_key" name="' . esc_attr( $field . '[api_key]' ) . '" class="regular-text" value="" autocomplete="new-password" placeholder="' . esc_attr( $placeholder ) . '" />';
			if ( $stored ) {
				echo '<p><label><input type="checkbox" name="' . esc_attr( $field . '[remove_api_key]' ) . '" value="1" /> ' . esc_html__( 'Remove the stored key', 'loyaltykit' ) . '</label></p>';
			}
			echo '<p class="description">' . esc_html__( 'The brand\'s API key (loyaltykit apikey create --scope site). It is never shown again; to keep it out of the database, define LOYALTYKIT_API_KEY in wp-config.php instead.', 'loyaltykit' ) . '</p>';
		}
		echo '</td></tr>';
	}
}
