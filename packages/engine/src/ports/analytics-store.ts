/** A time window [since, until), epoch ms. */
export type TimeWindow = { since: number; until: number }

/** Reward events in a window, optionally of one brand. A user is a wallet address. */
type ActivityTotals = {
  /** Accepted reward events. */
  events: number
  /** Σ reward_amount (whole tokens). */
  tokens: number
  /** Distinct wallets with ≥ 1 event. */
  users: number
  /** Distinct brands with ≥ 1 event. */
  brands: number
}

/** One UTC day of a window (`day` = floor(epoch ms / 86,400,000)). */
type DailyActivity = { day: number; events: number; tokens: number; users: number }

type DailyRedemptions = { day: number; redemptions: number; tokens: number }

/** One event type of a brand in a window. */
type EventTypeActivity = {
  eventType: string
  claims: number
  users: number
  /** Users with ≥ 2 claims of the type in the window. */
  repeatUsers: number
  tokens: number
}

type BrandActivity = { brandId: string; events: number; tokens: number; users: number }

/** Perk redemptions (ledger `redemption` entries; tokens = the price paid, positive). */
type RedemptionTotals = { redemptions: number; tokens: number; redeemers: number }

type BrandRedemptions = RedemptionTotals & { brandId: string }

type PerkRedemptions = RedemptionTotals & { collectionId: number }

/** What a wallet did, as of a time: the inputs of the persona rules (docs/agent-api.md#personas). */
type WalletActivity = {
  walletAddress: string
  /** Epoch ms of the wallet's first and last reward event (any brand) before `asOf`. */
  firstEventAt: number
  lastEventAt: number
  /** Events in the 90 days before `asOf`. */
  events90d: number
  /** Events in the 30 days before `asOf` at the brand asked about (0 when none was). */
  brandEvents30d: number
  /** Distinct brands with an event before `asOf`. */
  brands: number
  /** Σ rewards and Σ redemption prices before `asOf` (any brand). */
  earned: number
  redeemed: number
  redemptions: number
  /** Σ of every ledger entry of the wallet before `asOf` (its balance as the ledger sees it). */
  net: number
}

/** Who a set of wallets is: the wallets with an event at a brand, or the claimers of a perk collection. */
export type WalletSet =
  | { brandId: string; since: number; until: number }
  | { collectionId: number; brandId: string; until: number }

/**
 * Aggregate reads for the agent API's analytics (docs/agent-api.md#analytics): reward events
 * (`reward_events`) and perk redemptions (the ledger's `redemption` entries) grouped over windows of
 * at most 90 days, served by indexes (migrations 0013, 0015, 0017-agent-reads) and, for the network-wide
 * totals, daily series, new and active users, by the reward-event rollups of 0022-activity-rollups
 * (docs/performance.md#rollups; every answer equal to the aggregate of the events). Plain reads: no
 * lock, no snapshot across calls (an event recorded between two calls shows in the second only).
 */
export interface AnalyticsStore {
  activityTotals(p: TimeWindow & { brandId?: string | undefined }): Promise<ActivityTotals>
  /** Wallets whose first event (at the brand, or anywhere without one) is inside the window. */
  newUsers(p: TimeWindow & { brandId?: string | undefined }): Promise<number>
  /** Wallets active at the brand in `previous` that are active there again in `current`. */
  retainedUsers(p: { brandId: string; previous: TimeWindow; current: TimeWindow }): Promise<number>
  /** Days with events only, oldest first. */
  dailyActivity(p: TimeWindow & { brandId?: string | undefined }): Promise<DailyActivity[]>
  eventTypeActivity(p: TimeWindow & { brandId: string }): Promise<EventTypeActivity[]>
  /** Every brand with an event in the window. */
  brandActivity(p: TimeWindow): Promise<BrandActivity[]>
  /** Every brand with an event in the window, without distinct users (served by the daily rollups), by brand id. */
  brandTotals(p: TimeWindow): Promise<Array<{ brandId: string; events: number; tokens: number }>>
  /** `since` absent: all time before `until`. */
  redemptionTotals(p: {
    brandId?: string | undefined
    since?: number | undefined
    until: number
  }): Promise<RedemptionTotals>
  dailyRedemptions(p: TimeWindow & { brandId?: string | undefined }): Promise<DailyRedemptions[]>
  /** Every brand with a redemption in the window. */
  brandRedemptions(p: TimeWindow): Promise<BrandRedemptions[]>
  /** Perks (of the brand, or every brand) with a redemption in the window (`since` absent: all time). */
  perkRedemptions(p: {
    brandId?: string | undefined
    since?: number | undefined
    until: number
  }): Promise<PerkRedemptions[]>
  /**
   * Redemptions in the window per (wallet, brand), and what those wallets earned per brand before
   * `until` (where they earned most is their home brand).
   */
  redemptionFlows(p: TimeWindow): Promise<{
    redemptions: Array<{ walletAddress: string; brandId: string; redemptions: number; tokens: number }>
    earnings: Array<{ walletAddress: string; brandId: string; earned: number }>
  }>
  /** Each wallet of the set, as of `asOf`. */
  walletActivity(p: { wallets: WalletSet; asOf: number }): Promise<WalletActivity[]>
  /** The wallets of the brand's redemptions in the window (distinct). */
  redeemersOf(p: TimeWindow & { brandId: string }): Promise<string[]>
  /** Per wallet with an event at the brand before `until`: its net at the brand (Σ of its entries there). */
  memberNets(p: { brandId: string; until: number }): Promise<number[]>
}
