// Written by hand from spec 01 §2 and §4 for now; to be replaced by the types inferred from the shared
// zod schemas once they exist.

export type DetectionConfig = {
  /** URLs that trigger the event. */
  urlPatterns?: string[]
  /** CSS selectors indicating success. */
  successSelectors?: string[]
  /** Chat channels where the event is allowed (chat-platform events only). */
  channels?: string[]
}

/** An event rule as returned by event-config. */
export type EventRule = {
  /** Custom events use an id starting with `custom_`. */
  eventId: string
  eventType: string
  /** Tokens minted per accepted event. */
  rewardAmount: number
  /** Max claims per user; `-1` or `999999` means unlimited. */
  maxClaims: number
  /** `0` means no cooldown. */
  cooldownHours: number
  maxTotalClaims?: number
  /** e.g. `url_pattern`. */
  detectionMethod: string
  detectionConfig: DetectionConfig
  isCustom: boolean
}

export type EventConfigParams = {
  /** Brand id (lowercase 0x address). */
  brandId: string
}

/** GET /loyalty-api/event-config?brandId=… */
export type EventConfigResponse = {
  success: boolean
  brandId: string
  events: EventRule[]
  count: number
}
