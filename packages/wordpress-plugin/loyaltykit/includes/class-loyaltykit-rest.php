<?php
/**
 * The site-plugin REST API, `{site_url}/wp-json/loyalty/v1` (spec 02, "Site-plugin REST API"):
 * POST /checkin, POST /redeem, POST /claim-milestone for a logged-in user (WordPress's own
 * authentication: the login cookie with an `X-WP-Nonce` REST nonce, or an application password),
 * and the public GET /leaderboard. Errors are WP_Errors, which WordPress renders as
 * `{code, message, data: {status}}`: not_logged_in 401, not_configured 500, missing_perk_id 400,
 * missing_milestone 400, checkin_failed 400, redeem_failed 400, claim_failed 400, api_error 500.
 *
 * @package loyaltykit
 */

defined( 'ABSPATH' ) || exit;

/** Routes of the `loyalty/v1` namespace. */
final class Loyaltykit_Rest {

	public const NAMESPACE = 'loyalty/v1';

	public const METRICS = array( 'rsnc_earned', 'activity', 'streak' );

	public const PERIODS = array( 'week', 'month', 'all' );

	/** Registers the four routes (on `rest_api_init`). */
	public static function register_routes(): void {
		$member = array( __CLASS__, 'require_login' );
		register_rest_route(
			self::NAMESPACE,
			'/checkin',
			array(
				'methods'             => 'POST',
				'callback'            => array( __CLASS__, 'checkin' ),
				'permission_callback' => $member,
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/redeem',
			array(
				'methods'             => 'POST',
				'callback'            => array( __CLASS__, 'redeem' ),
				'permission_callback' => $member,
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/claim-milestone',
			array(
				'methods'             => 'POST',
				'callback'            => array( __CLASS__, 'claim_milestone' ),
				'permission_callback' => $member,
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/leaderboard',
			array(
				'methods'             => 'GET',
				'callback'            => array( __CLASS__, 'leaderboard' ),
				'permission_callback' => '__return_true',
				'args'                => array(
					'metric' => array(
						'type'    => 'string',
						'enum'    => self::METRICS,
						'default' => 'rsnc_earned',
					),
					'period' => array(
						'type'    => 'string',
						'enum'    => self::PERIODS,
						'default' => 'week',
					),
					'limit'  => array(
						'type'    => 'integer',
						'minimum' => 1,
						'maximum' => 100,
						'default' => 10,
					),
				),
			)
		);
	}

	/** permission_callback of the member routes: 401 not_logged_in unless WordPress authenticated the request. */
	public static function require_login(): bool|WP_Error {
		if ( is_user_logged_in() ) {
			return true;
		}
		return self::error( 'not_logged_in', __( 'You must be logged in.', 'loyaltykit' ), 401 );
	}

	/** POST /checkin: success, streak, reward (0 when already claimed today), alreadyClaimed. */
	public static function checkin(): WP_REST_Response|WP_Error {
		$body = self::call( 'checkin_failed', __( 'Check-in failed.', 'loyaltykit' ), fn () => Loyaltykit_Upstream::checkin( wp_get_current_user() ) );
		if ( is_wp_error( $body ) ) {
			return $body;
		}
		return new WP_REST_Response(
			array(
				'success'        => true,
				'streak'         => $body['streak'] ?? null,
				'reward'         => (int) ( $body['reward'] ?? 0 ),
				'alreadyClaimed' => (bool) ( $body['alreadyClaimed'] ?? false ),
			),
			200
		);
	}

	/** POST /redeem {perkId}: success, confirmationCode, perk {id, name, cost, category}. */
	public static function redeem( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$perk_id = $request->get_param( 'perkId' );
		if ( ! is_string( $perk_id ) || '' === trim( $perk_id ) ) {
			return self::error( 'missing_perk_id', __( 'perkId is required.', 'loyaltykit' ), 400 );
		}
		$key  = $request->get_header( 'idempotency_key' );
		$key  = is_string( $key ) && preg_match( '/^[!-~]{1,200}$/', $key ) ? $key : null;
		$body = self::call(
			'redeem_failed',
			__( 'The perk could not be redeemed.', 'loyaltykit' ),
			fn () => Loyaltykit_Upstream::redeem( wp_get_current_user(), trim( $perk_id ), $key )
		);
		if ( is_wp_error( $body ) ) {
			return $body;
		}
		$perk = is_array( $body['perk'] ?? null ) ? $body['perk'] : null;
		return new WP_REST_Response(
			array(
				'success'          => true,
				'confirmationCode' => isset( $body['confirmationCode'] ) ? (string) $body['confirmationCode'] : null,
				'perk'             => null === $perk ? null : array(
					'id'       => (string) ( $perk['id'] ?? '' ),
					'name'     => (string) ( $perk['name'] ?? '' ),
					'cost'     => $perk['cost'] ?? 0,
					'category' => (string) ( $perk['category'] ?? '' ),
				),
			),
			200
		);
	}

	/** POST /claim-milestone {milestoneDays}: success, bonusRsnc, milestone. */
	public static function claim_milestone( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$days = $request->get_param( 'milestoneDays' );
		if ( is_string( $days ) && preg_match( '/^\s*[0-9]{1,6}\s*$/', $days ) ) {
			$days = (int) $days;
		}
		if ( ! is_int( $days ) || $days < 1 ) {
			return self::error( 'missing_milestone', __( 'milestoneDays is required: a whole number of days, e.g. 7.', 'loyaltykit' ), 400 );
		}
		$body = self::call(
			'claim_failed',
			__( 'The milestone bonus could not be claimed.', 'loyaltykit' ),
			fn () => Loyaltykit_Upstream::claim_milestone( wp_get_current_user(), $days )
		);
		if ( is_wp_error( $body ) ) {
			return $body;
		}
		return new WP_REST_Response(
			array(
				'success'   => true,
				'bonusRsnc' => (int) ( $body['bonusRsnc'] ?? 0 ),
				'milestone' => (int) ( $body['milestone'] ?? $days ),
			),
			200
		);
	}

	/** GET /leaderboard?metric&period&limit (public): success, leaderboard, metric, period, total. */
	public static function leaderboard( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$unconfigured = self::unconfigured();
		if ( $unconfigured ) {
			return $unconfigured;
		}
		$board = self::fetch_leaderboard( (string) $request['metric'], (string) $request['period'], (int) $request['limit'] );
		return is_wp_error( $board ) ? $board : new WP_REST_Response( $board, 200 );
	}

	/**
	 * The leaderboard as this API answers it, or api_error; shared with the leaderboard shortcode.
	 * An entry's `username` is the site's display name, else (a wallet no site user named) its masked
	 * identifier.
	 */
	public static function fetch_leaderboard( string $metric, string $period, int $limit, ?float $timeout = null ): array|WP_Error {
		$answer = Loyaltykit_Upstream::leaderboard( $metric, $period, $limit, $timeout );
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		$entries = $answer['body']['leaderboard'] ?? null;
		if ( 200 !== $answer['status'] || ! is_array( $entries ) ) {
			$message = Loyaltykit_Upstream::message_of( $answer, __( 'The leaderboard could not be loaded.', 'loyaltykit' ) );
			return self::error( 'api_error', $message, 500 );
		}
		$rows = array();
		foreach ( $entries as $entry ) {
			$identifier = (string) ( $entry['userIdentifier'] ?? '' );
			$name       = $entry['username'] ?? null;
			$rows[]     = array(
				'userIdentifier' => $identifier,
				'username'       => is_string( $name ) && '' !== $name ? $name : $identifier,
				'value'          => $entry['value'] ?? 0,
				'rank'           => (int) ( $entry['rank'] ?? 0 ),
			);
		}
		return array(
			'success'     => true,
			'leaderboard' => $rows,
			'metric'      => (string) ( $answer['body']['metric'] ?? $metric ),
			'period'      => (string) ( $answer['body']['period'] ?? $period ),
			'total'       => (int) ( $answer['body']['total'] ?? count( $rows ) ),
		);
	}

	/** not_configured (500) when the URL, brand id or key is missing, else null. */
	private static function unconfigured(): ?WP_Error {
		if ( Loyaltykit_Config::is_configured() ) {
			return null;
		}
		return self::error( 'not_configured', __( 'The loyalty plugin is not configured.', 'loyaltykit' ), 500 );
	}

	/**
	 * A write upstream: not_configured before calling, `$code` (400) for a member without an email; the
	 * answer's body when it is a 2xx; api_error as is; a 4xx refusal as `$code` (400) with the upstream's
	 * message (the reason, e.g. an insufficient balance), else `$fallback`.
	 */
	private static function call( string $code, string $fallback, callable $write ): array|WP_Error {
		$unconfigured = self::unconfigured();
		if ( $unconfigured ) {
			return $unconfigured;
		}
		if ( ! is_email( wp_get_current_user()->user_email ) ) {
			// The member's points live in the wallet of their email: without one there is none.
			return self::error( $code, __( 'Your account has no email address: add one to your profile to collect points.', 'loyaltykit' ), 400 );
		}
		$answer = $write();
		if ( is_wp_error( $answer ) ) {
			return $answer;
		}
		if ( $answer['status'] >= 200 && $answer['status'] < 300 ) {
			return $answer['body'];
		}
		return self::error( $code, Loyaltykit_Upstream::message_of( $answer, $fallback ), 400 );
	}

	private static function error( string $code, string $message, int $status ): WP_Error {
		return new WP_Error( $code, $message, array( 'status' => $status ) );
	}
}
