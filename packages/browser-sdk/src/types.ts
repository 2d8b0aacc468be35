/** Options of `LoyaltyKit.init(brandId, options)`. */
export interface InitOptions {
  /**
   * Base address of the loyaltykit server (`https://loyalty.example.com`). Default: the origin the
   * `sdk.js` script was loaded from (ESM build: `location.origin`).
   */
  endpoint?: string
  /** The signed-in user's email, if the page knows it (same as calling `identify(email)`). */
  userEmail?: string
  /** Log what the SDK does and every error it swallows to `console.debug`. Default false. */
  debug?: boolean
  /** Load the brand's event-config and fire rules from `urlPatterns` / `successSelectors`. Default true. */
  autoDetect?: boolean
  /**
   * Where the identified user is kept. Default: in memory only (nothing survives a page load, no
   * cookies). `'localStorage'` keeps it under the key `loyaltykit:user` across page loads.
   */
  persist?: 'memory' | 'localStorage'
  /**
   * When no user is identified, take the email typed into the last submitted form (its first
   * `input[type=email]`, or an input whose name contains "email"). Default true.
   */
  captureFormEmail?: boolean
}

/** Options of `LoyaltyKit.track(eventName, options)`. */
export interface TrackOptions {
  /** Overrides the identified user for this call. */
  userEmail?: string
  /** Free-form event data sent as `metadata`. */
  metadata?: Record<string, unknown>
}

/**
 * What `track` resolves with: the server's JSON body as it came (success or error), with
 * `success: false` added to error bodies that lack it. Failures that never reached the server
 * (network error, unreadable answer, no user email) resolve with `{ success: false, error, code }`.
 */
export interface TrackResponse {
  success: boolean
  /** Present on errors; read this first. */
  error?: string
  /** Machine-readable error code (server codes, or the SDK's own: NETWORK_ERROR, BAD_RESPONSE, MISSING_USER_EMAIL, INVALID_EVENT). */
  code?: string
  message?: string
  eventId?: string
  eventType?: string
  rewardAmount?: number
  walletCreated?: boolean
  walletAddress?: string
  transactionHash?: string
  [field: string]: unknown
}

/** The part of an event rule (event-config `events[]`) the SDK reads. */
export interface EventRule {
  eventId?: string
  eventType: string
  detectionMethod?: string
  detectionConfig?: { urlPatterns?: string[]; successSelectors?: string[] }
}

/** The public API: `window.LoyaltyKit` in the script build, `createLoyaltyKit()` in the ESM build. */
export interface LoyaltyKit {
  readonly version: string
  /** Starts the SDK for a brand. Resolves when event-config is loaded and detection runs; never rejects. */
  init(brandId: string, options?: InitOptions): Promise<void>
  /** Sends one event. Queued until `init`; resolves with the server's answer; never rejects. */
  track(eventName: string, options?: TrackOptions): Promise<TrackResponse>
  /** Sets the user for later `track` calls and automatic events. */
  identify(userEmail: string): void
}
