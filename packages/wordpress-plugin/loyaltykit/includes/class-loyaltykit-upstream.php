<?php
/**
 * The loyaltykit server's site API (`{api_url}/loyalty-api/site/*`), called server to server with the
 * brand's API key (docs/site-plugin.md of loyaltykit). The key never reaches a browser.
 *
 * Every call answers either `array{status: int, body: array}` (the server answered: 2xx or a 4xx
 * refusal whose `message` is meant for the member) or a WP_Error `api_error` (status 500): the server
 * could not be reached, did not answer within the timeout, failed (5xx), answered something that is
 * not JSON, refused the site's key (401/403) or has no such route (404 ROUTE_NOT_FOUND): configuration
 * problems, not the member's; or it is still running the same request (409 IDEMPOTENCY_KEY_IN_USE).
 *
 * @package loyaltykit
 */

defined( 'ABSPATH' ) || exit;

/** HTTP client of the upstream site API. */
final class Loyaltykit_Upstream {

	/** POST /loyalty-api/site/checkin */
	public static function checkin( WP_User $user ): array|WP_Error {
		return self::request( 'POST', '/loyalty-api/site/checkin', array(), array( 'user' => self::user( $user ) ) );
	}

	/** GET /loyalty-api/site/streak (the Streak record of the user), for a page render. */
	public static function streak( WP_User $user ): array|WP_Error {
		$query = array( 'userId' => (string) $user->ID );
		return self::request( 'GET', '/loyalty-api/site/streak', $query, null, self::render_timeout() );
	}

	/** POST /loyalty-api/site/claim-milestone */
	public static function claim_milestone( WP_User $user, int $days ): array|WP_Error {
		$body = array(
			'user'          => self::user( $user ),
			'milestoneDays' => $days,
		);
		return self::request( 'POST', '/loyalty-api/site/claim-milestone', array(), $body );
	}

	/**
	 * POST /loyalty-api/site/redeem. `$idempotency_key` (the browser's, one per redeem click) makes a
	 * retried click get the first answer instead of spending twice; it is scoped to the WordPress user.
	 */
	public static function redeem( WP_User $user, string $perk_id, ?string $idempotency_key ): array|WP_Error {
		$headers = array();
		if ( null !== $idempotency_key ) {
			$headers['Idempotency-Key'] = 'wp-' . $user->ID . '-' . $idempotency_key;
		}
		$body = array(
			'user'   => self::user( $user ),
			'perkId' => $perk_id,
		);
		return self::request( 'POST', '/loyalty-api/site/redeem', array(), $body, null, $headers );
	}

	/** GET /loyalty-api/site/leaderboard */
	public static function leaderboard( string $metric, string $period, int $limit, ?float $timeout = null ): array|WP_Error {
		$query = array(
			'metric' => $metric,
			'period' => $period,
			'limit'  => $limit,
		);
		return self::request( 'GET', '/loyalty-api/site/leaderboard', $query, null, $timeout );
	}

	/**
	 * The brand's active perks: the public agent API's GET /api/v1/brands/:brandId/perks, kept 60 s in a
	 * transient (a page view must not cost a request upstream).
	 *
	 * @return array|WP_Error The perks (`id`, `name`, `description`, `category`, `cost`, `available`…).
	 */
	public static function perks(): array|WP_Error {
		$brand = Loyaltykit_Config::get( 'brand_id' );
		$cache = 'loyaltykit_perks_' . md5( Loyaltykit_Config::api_url() . '|' . $brand );
		$perks = get_transient( $cache );
		if ( is_array( $perks ) ) {
			return $perks;
		}
		$answer = self::request( 'GET', '/api/v1/brands/' . rawurlencode( $brand ) . '/perks', array(), null, self::render_timeout() );
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		$perks = $answer['body']['data']['perks'] ?? null;
		if ( 200 !== $answer['status'] || ! is_array( $perks ) ) {
			return self::api_error( __( 'The loyalty service could not list the perks.', 'loyaltykit' ) );
		}
		set_transient( $cache, $perks, (int) apply_filters( 'loyaltykit_perks_cache_seconds', 60 ) );
		return $perks;
	}

	/** The upstream's message of a refusal (`message`, else `error`), else `$fallback`. */
	public static function message_of( array $answer, string $fallback ): string {
		foreach ( array( 'message', 'error' ) as $field ) {
			$text = $answer['body'][ $field ] ?? null;
			if ( is_string( $text ) && '' !== $text ) {
				return $text;
			}
		}
		return $fallback;
	}

	/** The site user as the server knows them: the wallet is the one of their email. */
	private static function user( WP_User $user ): array {
		$name = '' !== trim( (string) $user->display_name ) ? $user->display_name : $user->user_login;
		return array(
			'id'          => (string) $user->ID,
			'email'       => (string) $user->user_email,
			'displayName' => mb_substr( (string) $name, 0, 100 ),
		);
	}

	private static function render_timeout(): float {
		return min( Loyaltykit_Config::timeout(), (float) Loyaltykit_Config::RENDER_TIMEOUT );
	}

	private static function api_error( string $message ): WP_Error {
		return new WP_Error( 'api_error', $message, array( 'status' => 500 ) );
	}

	/** One call: the answer, or `api_error` when there is no usable one. */
	private static function request( string $method, string $path, array $query, ?array $body, ?float $timeout = null, array $headers = array() ): array|WP_Error {
		$url = Loyaltykit_Config::api_url() . $path;
		if ( array() !== $query ) {
			$url = add_query_arg( array_map( 'rawurlencode', array_map( 'strval', $query ) ), $url );
		}
		$args = array(
			'method'      => $method,
			'timeout'     => $timeout ?? Loyaltykit_Config::timeout(),
			'redirection' => 0,
			'user-agent'  => 'loyaltykit-wordpress/' . LOYALTYKIT_PLUGIN_VERSION,
			'headers'     => array_merge(
				array(
					'Authorization' => 'Bearer ' . Loyaltykit_Config::get( 'api_key' ),
					'Accept'        => 'application/json',
				),
				$headers
			),
		);
		if ( null !== $body ) {
			$args['headers']['Content-Type'] = 'application/json';
			$args['body']                    = wp_json_encode( $body );
		}
		$response = wp_remote_request( $url, $args );
		if ( is_wp_error( $response ) ) {
			self::log( $method, $path, $response->get_error_message() );
			$timed_out = str_contains( strtolower( $response->get_error_message() ), 'timed out' );
			return self::api_error(
				$timed_out
					? __( 'The loyalty service did not answer in time. Please try again.', 'loyaltykit' )
					: __( 'The loyalty service cannot be reached. Please try again later.', 'loyaltykit' )
			);
		}
		$status  = (int) wp_remote_retrieve_response_code( $response );
		$decoded = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		if ( 401 === $status || 403 === $status ) {
			self::log( $method, $path, "HTTP $status: the API key was refused" );
			return self::api_error( __( 'The loyalty service refused this site\'s API key.', 'loyaltykit' ) );
		}
		$code = is_array( $decoded ) ? ( $decoded['code'] ?? null ) : null;
		if ( 404 === $status && ( null === $code || 'ROUTE_NOT_FOUND' === $code ) ) {
			self::log( $method, $path, 'HTTP 404: no such route (an API URL with a path, or a server without the site API?)' );
			return self::api_error( __( 'The loyalty service does not offer the site API (check the API URL).', 'loyaltykit' ) );
		}
		if ( 409 === $status && 'IDEMPOTENCY_KEY_IN_USE' === $code ) {
			// The same click is still running upstream (a retry after a timeout): its outcome is not known
			// yet, so this is no refusal; the browser keeps its key and the next try gets the first answer.
			return self::api_error( __( 'The loyalty service is still working on this. Please try again in a moment.', 'loyaltykit' ) );
		}
		if ( $status >= 500 || $status < 200 || ( $status >= 300 && $status < 400 ) || ! is_array( $decoded ) ) {
			self::log( $method, $path, "HTTP $status" );
			return self::api_error( __( 'The loyalty service failed. Please try again later.', 'loyaltykit' ) );
		}
		return array(
			'status' => $status,
			'body'   => $decoded,
		);
	}

	/** With WP_DEBUG, one line per failed call (never the key). */
	private static function log( string $method, string $path, string $what ): void {
		if ( defined( 'WP_DEBUG' ) && WP_DEBUG ) {
			error_log( "loyaltykit: $method $path failed: $what" ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions
		}
	}
}
