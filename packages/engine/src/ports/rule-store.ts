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
  /** Insert or replace the rule for (brandId, eventType), in one statement (last writer wins). */
  upsert(rule: EventRule): Promise<void>
  /**
   * `forUpdate` (inside `Storage.transaction`): on PostgreSQL the row stays locked until the
   * transaction ends, so a read-modify-write of one rule is not lost; SQLite serialises writers anyway.
   */
  get(brandId: string, eventType: string, options?: { forUpdate?: boolean }): Promise<EventRule | undefined>
  /** Ordered by eventType. Disabled rules only with `includeDisabled`. */
  list(brandId: string, options?: { includeDisabled?: boolean }): Promise<EventRule[]>
  /** The enabled rules of every brand given, in one read, ordered by eventType. */
  listEnabledOf(brandIds: readonly string[]): Promise<EventRule[]>
}
