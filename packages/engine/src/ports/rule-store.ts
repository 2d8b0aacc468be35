export type DetectionConfig = {
  urlPatterns: string[]
  successSelectors: string[]
  channels?: string[]
}

/** An event rule of a brand, as stored. Wire names follow the spec's event-config shape. */
export type EventRule = {
  brandId: string
  eventType: string
  /** `custom_…` for custom events, else equal to eventType. */
  eventId: string
  rewardAmount: number
  /** −1 (or 999999) means unlimited. */
  maxClaims: number
  /** 0 means no cooldown. */
  cooldownHours: number
  maxTotalClaims: number | null
  detectionMethod: string
  detectionConfig: DetectionConfig
  isCustom: boolean
  enabled: boolean
  updatedAt: number
}

export interface RuleStore {
  /** Insert or replace the rule for (brandId, eventType). */
  upsert(rule: EventRule): Promise<void>
  get(brandId: string, eventType: string): Promise<EventRule | undefined>
  list(brandId: string, options?: { includeDisabled?: boolean }): Promise<EventRule[]>
}
