<?php
/**
 * Shortcodes: [loyaltykit_checkin] (the check-in button with the member's streak and milestone
 * bonuses), [loyaltykit_perks category=""] (the brand's perks with redeem buttons) and
 * [loyaltykit_leaderboard metric="rsnc_earned" period="week" limit="10"]. The buttons call the
 * plugin's REST API from the browser with the `wp_rest` nonce (assets/loyaltykit.js).
 *
 * @package loyaltykit
 */

defined( 'ABSPATH' ) || exit;

/** The three shortcodes. */
final class Loyaltykit_Shortcodes {

	public static function register(): void {
		add_shortcode( 'loyaltykit_checkin', array( __CLASS__, 'checkin' ) );
		add_shortcode( 'loyaltykit_perks', array( __CLASS__, 'perks' ) );
		add_shortcode( 'loyaltykit_leaderboard', array( __CLASS__, 'leaderboard' ) );
		wp_register_script( 'loyaltykit', plugins_url( 'assets/loyaltykit.js', LOYALTYKIT_PLUGIN_FILE ), array(), LOYALTYKIT_PLUGIN_VERSION, true );
		wp_register_style( 'loyaltykit', plugins_url( 'assets/loyaltykit.css', LOYALTYKIT_PLUGIN_FILE ), array(), LOYALTYKIT_PLUGIN_VERSION );
	}

	/** [loyaltykit_checkin] */
	public static function checkin(): string {
		self::enqueue();
		$unavailable = self::unavailable();
		if ( null !== $unavailable ) {
			return $unavailable;
		}
		if ( ! is_user_logged_in() ) {
			return self::login_prompt( __( 'Log in to check in and build your streak.', 'loyaltykit' ) );
		}
		$answer = Loyaltykit_Upstream::streak( wp_get_current_user() );
		$streak = ! is_wp_error( $answer ) && 200 === $answer['status'] && is_array( $answer['body']['streak'] ?? null ) ? $answer['body']['streak'] : null;
		$days   = (int) ( $streak['currentStreak'] ?? 0 );
		$done   = (bool) ( $streak['checkedInToday'] ?? false );
		$html   = '<div class="loyaltykit loyaltykit-checkin" data-loyaltykit="checkin">';
		$html  .= '<p class="loyaltykit-streak"><strong class="loyaltykit-streak-days">' . esc_html( (string) $days ) . '</strong> ';
		$html  .= '<span class="loyaltykit-streak-label">' . esc_html__( 'day streak', 'loyaltykit' ) . '</span>';
		$html  .= ' <span class="loyaltykit-multiplier">×' . esc_html( (string) ( $streak['multiplier'] ?? 1 ) ) . '</span></p>';
		$html  .= '<p class="loyaltykit-next">' . esc_html( self::next_milestone_text( $streak['nextMilestone'] ?? null ) ) . '</p>';
		$html  .= '<ul class="loyaltykit-milestones">';
		foreach ( (array) ( $streak['unclaimedMilestones'] ?? array() ) as $milestone ) {
			$html .= self::milestone_item( (int) ( $milestone['days'] ?? 0 ), (int) ( $milestone['bonus'] ?? 0 ) );
		}
		$html .= '</ul>';
		$html .= '<button type="button" class="loyaltykit-checkin-button"' . ( $done ? ' disabled' : '' ) . '>';
		$html .= esc_html( $done ? __( 'Checked in today', 'loyaltykit' ) : __( 'Check in', 'loyaltykit' ) ) . '</button>';
		$html .= '<p class="loyaltykit-message" role="status" aria-live="polite">';
		$html .= null === $streak ? esc_html__( 'Your streak cannot be loaded right now.', 'loyaltykit' ) : '';
		return $html . '</p></div>';
	}

	/** [loyaltykit_perks category=""] */
	public static function perks( array|string $atts = array() ): string {
		$atts = shortcode_atts( array( 'category' => '' ), is_array( $atts ) ? $atts : array(), 'loyaltykit_perks' );
		self::enqueue();
		$unavailable = self::unavailable();
		if ( null !== $unavailable ) {
			return $unavailable;
		}
		$perks = Loyaltykit_Upstream::perks();
		if ( is_wp_error( $perks ) ) {
			return '<div class="loyaltykit loyaltykit-perks"><p>' . esc_html__( 'The perks cannot be loaded right now.', 'loyaltykit' ) . '</p></div>';
		}
		$wanted = strtolower( trim( (string) $atts['category'] ) );
		$member = is_user_logged_in();
		$html   = '<div class="loyaltykit loyaltykit-perks" data-loyaltykit="perks"><ul class="loyaltykit-perk-list">';
		$count  = 0;
		foreach ( $perks as $perk ) {
			if ( '' !== $wanted && strtolower( (string) ( $perk['category'] ?? '' ) ) !== $wanted ) {
				continue;
			}
			++$count;
			$cost  = (string) ( $perk['cost'] ?? 0 );
			$html .= '<li class="loyaltykit-perk" data-perk-id="' . esc_attr( (string) ( $perk['id'] ?? '' ) ) . '" data-cost="' . esc_attr( $cost ) . '">';
			$html .= '<strong class="loyaltykit-perk-name">' . esc_html( (string) ( $perk['name'] ?? '' ) ) . '</strong> ';
			/* translators: %s: a price in points */
			$html .= '<span class="loyaltykit-perk-cost">' . esc_html( sprintf( __( '%s points', 'loyaltykit' ), $cost ) ) . '</span>';
			if ( ! empty( $perk['description'] ) ) {
				$html .= '<p class="loyaltykit-perk-description">' . esc_html( (string) $perk['description'] ) . '</p>';
			}
			if ( isset( $perk['available'] ) && null !== $perk['available'] ) {
				/* translators: %d: how many perks are left */
				$html .= '<span class="loyaltykit-perk-left">' . esc_html( sprintf( __( '%d left', 'loyaltykit' ), (int) $perk['available'] ) ) . '</span> ';
			}
			if ( $member ) {
				$html .= '<button type="button" class="loyaltykit-redeem-button">' . esc_html__( 'Redeem', 'loyaltykit' ) . '</button>';
				$html .= '<p class="loyaltykit-message" role="status" aria-live="polite"></p>';
			}
			$html .= '</li>';
		}
		$html .= '</ul>';
		if ( 0 === $count ) {
			$html .= '<p>' . esc_html__( 'No perks to redeem yet.', 'loyaltykit' ) . '</p>';
		} elseif ( ! $member ) {
			$html .= self::login_prompt( __( 'Log in to redeem perks with your points.', 'loyaltykit' ) );
		}
		return $html . '</div>';
	}

	/** [loyaltykit_leaderboard metric="rsnc_earned" period="week" limit="10"], rendered on the server. */
	public static function leaderboard( array|string $atts = array() ): string {
		$atts = shortcode_atts(
			array(
				'metric' => 'rsnc_earned',
				'period' => 'week',
				'limit'  => '10',
			),
			is_array( $atts ) ? $atts : array(),
			'loyaltykit_leaderboard'
		);
		self::enqueue();
		$unavailable = self::unavailable();
		if ( null !== $unavailable ) {
			return $unavailable;
		}
		$metric = in_array( $atts['metric'], Loyaltykit_Rest::METRICS, true ) ? $atts['metric'] : 'rsnc_earned';
		$period = in_array( $atts['period'], Loyaltykit_Rest::PERIODS, true ) ? $atts['period'] : 'week';
		$limit  = max( 1, min( 100, (int) $atts['limit'] ) );
		$board  = Loyaltykit_Rest::fetch_leaderboard( $metric, $period, $limit, (float) Loyaltykit_Config::RENDER_TIMEOUT );
		if ( is_wp_error( $board ) ) {
			return '<div class="loyaltykit loyaltykit-leaderboard"><p>' . esc_html__( 'The leaderboard is unavailable right now.', 'loyaltykit' ) . '</p></div>';
		}
		$labels = array(
			'rsnc_earned' => __( 'Points', 'loyaltykit' ),
			'activity'    => __( 'Actions', 'loyaltykit' ),
			'streak'      => __( 'Streak', 'loyaltykit' ),
		);
		$html  = '<div class="loyaltykit loyaltykit-leaderboard"><table><thead><tr><th>#</th><th>' . esc_html__( 'Member', 'loyaltykit' ) . '</th>';
		$html .= '<th>' . esc_html( $labels[ $metric ] ) . '</th></tr></thead><tbody>';
		foreach ( $board['leaderboard'] as $row ) {
			$html .= '<tr><td>' . esc_html( (string) $row['rank'] ) . '</td><td>' . esc_html( (string) $row['username'] ) . '</td><td>' . esc_html( (string) $row['value'] ) . '</td></tr>';
		}
		if ( array() === $board['leaderboard'] ) {
			$html .= '<tr><td colspan="3">' . esc_html__( 'Nobody yet: be the first!', 'loyaltykit' ) . '</td></tr>';
		}
		return $html . '</tbody></table></div>';
	}

	/** A milestone that can be claimed, with its button (also built by the script after a check-in). */
	private static function milestone_item( int $days, int $bonus ): string {
		/* translators: 1: days of streak, 2: bonus points */
		$text = sprintf( __( '%1$d-day milestone: +%2$d points', 'loyaltykit' ), $days, $bonus );
		return '<li>' . esc_html( $text ) . ' <button type="button" class="loyaltykit-claim-button" data-milestone="' . esc_attr( (string) $days ) . '">' . esc_html__( 'Claim', 'loyaltykit' ) . '</button></li>';
	}

	private static function next_milestone_text( mixed $next ): string {
		if ( ! is_array( $next ) ) {
			return '';
		}
		/* translators: 1: days of streak, 2: bonus points */
		return sprintf( __( 'Next milestone: %1$d days (+%2$d points)', 'loyaltykit' ), (int) ( $next['days'] ?? 0 ), (int) ( $next['bonus'] ?? 0 ) );
	}

	/** When the plugin is not configured: a hint for administrators, nothing for visitors. */
	private static function unavailable(): ?string {
		if ( Loyaltykit_Config::is_configured() ) {
			return null;
		}
		if ( current_user_can( 'manage_options' ) ) {
			return '<p class="loyaltykit-notice">' . esc_html__( 'loyaltykit is not configured yet: Settings → loyaltykit.', 'loyaltykit' ) . '</p>';
		}
		return '';
	}

	private static function login_prompt( string $text ): string {
		$url = wp_login_url( (string) get_permalink() );
		return '<p class="loyaltykit-login">' . esc_html( $text ) . ' <a href="' . esc_url( $url ) . '">' . esc_html__( 'Log in', 'loyaltykit' ) . '</a></p>';
	}

	/** The script (with the REST root, the `wp_rest` nonce and the texts it shows) and the styles. */
	private static function enqueue(): void {
		wp_enqueue_style( 'loyaltykit' );
		if ( wp_script_is( 'loyaltykit', 'enqueued' ) ) {
			return;
		}
		wp_enqueue_script( 'loyaltykit' );
		$config = array(
			'root'    => esc_url_raw( rest_url( Loyaltykit_Rest::NAMESPACE . '/' ) ),
			'nonce'   => wp_create_nonce( 'wp_rest' ),
			'ajaxUrl' => admin_url( 'admin-ajax.php' ),
			'i18n'    => array(
				'checkedIn'      => __( 'Checked in! +%1$d points. Day %2$d of your streak.', 'loyaltykit' ),
				'alreadyClaimed' => __( 'You already checked in today (day %d of your streak).', 'loyaltykit' ),
				'checkedInToday' => __( 'Checked in today', 'loyaltykit' ),
				'nextMilestone'  => __( 'Next milestone: %1$d days (+%2$d points)', 'loyaltykit' ),
				'milestone'      => __( '%1$d-day milestone: +%2$d points', 'loyaltykit' ),
				'claim'          => __( 'Claim', 'loyaltykit' ),
				'claimed'        => __( 'Milestone bonus claimed: +%d points.', 'loyaltykit' ),
				'confirm'        => __( 'Spend %s points?', 'loyaltykit' ),
				'redeemed'       => __( 'Redeemed %1$s. Confirmation code: %2$s', 'loyaltykit' ),
				'working'        => __( 'Working…', 'loyaltykit' ),
				'failed'         => __( 'Something went wrong. Please try again.', 'loyaltykit' ),
			),
		);
		wp_add_inline_script( 'loyaltykit', 'window.loyaltykitConfig = ' . wp_json_encode( $config ) . ';', 'before' );
	}
}
