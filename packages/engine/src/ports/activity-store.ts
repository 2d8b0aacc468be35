import type { RewardEvent } from './event-store'

/** Counts over the whole network (docs/agent-api.md, network_stats). */
export type NetworkTotals = {
  brands: number
  /** Brands with ≥1 reward event since `activeSince`. */
  activeBrands: number
  /** Distinct wallets with ≥1 reward event. */
  users: number
  /** Distinct wallets with ≥1 reward event since `activeSince`. */
  activeUsers: number
  rewardEvents: number
  /** Σ reward_events.reward_amount, whole tokens. */
  tokensDistributed: number
  /** Perk collections created through the engine. */
  perks: number
  /** Perk claims in the ledger (`redemption` entries). */
  redemptions: number
}

/** A brand's reward events inside a window. */
export type BrandActivity = { brandId: string; rewardEvents: number; tokens: number; activeUsers: number }

/** What a wallet did at one brand, all time: its reward events and its perk redemptions (ledger). */
export type WalletBrandActivity = {
  brandId: string
  events: number
  /** Σ reward_amount of its events. */
  earned: number
  /** Redemption entries and −Σ their amounts (a positive number). */
  redemptions: number
  redeemed: number
  /** Epoch ms of its first and last reward event (null without events) and of its last redemption. */
  firstEventAt: number | null
  lastEventAt: number | null
  lastRedemptionAt: number | null
}

/** A wallet's reward events of one type at one brand. */
export type WalletEventTypeActivity = {
  brandId: string
  eventType: string
  claims: number
  tokens: number
  /** Epoch ms of the latest. */
  lastAt: number
}

/** A reward event as the wallet reads need it (where it came from, not how it was minted). */
export type WalletEvent = Pick<
  RewardEvent,
  'id' | 'brandId' | 'eventType' | 'userEmail' | 'domain' | 'metadata' | 'rewardAmount' | 'createdAt'
>

/** Where a reward event came from (its platform: agent/event-platform.ts) and whose it is. */
export type EventSource = Pick<WalletEvent, 'userEmail' | 'domain' | 'metadata'> & { walletAddress: string }

/** Where a wallet stands among the wallets with ≥1 reward event in a window: how many do less. */
export type WalletStanding = {
  /** Wallets with ≥1 reward event since `since`. */
  wallets: number
  /** …with fewer events in the window than `frequency`. */
  lessFrequent: number
  /** …with less Σ reward in the window than `monetary`. */
  lessEarned: number
  /** …whose last event is older than `lastAt`. */
  lessRecent: number
}

/**
 * Read-only aggregates over reward events and the ledger for the agent API's network, brand and
 * user reads (docs/agent-api.md). Plain reads: no lock, no snapshot across methods (an event recorded
 * meanwhile may show in one answer and not in the next). Indexes of migration 0018-agent-reads serve
 * the windows (reward_events by time) and the wallet reads (reward_events by wallet, the ledger's
 * wallet index).
 */
export interface ActivityStore {
  networkTotals(p: { activeSince: number }): Promise<NetworkTotals>
  /** Every brand with ≥1 reward event in [since, now), unordered. */
  brandActivity(p: { since: number }): Promise<BrandActivity[]>
  /** Every brand where the wallet earned or redeemed, unordered. */
  walletBrands(walletAddress: string): Promise<WalletBrandActivity[]>
  /** The wallet's events by (brand, type), at one brand or all, since `since` or all time. */
  walletEventTypes(p: {
    walletAddress: string
    brandId?: string | undefined
    since?: number | undefined
  }): Promise<WalletEventTypeActivity[]>
  /** The wallet's reward events since `since`, newest first, at most `limit` (≤ 1000). */
  walletEvents(p: { walletAddress: string; since: number; limit: number }): Promise<WalletEvent[]>
  /**
   * The brand's reward events in [since, until), newest first, at most `limit` (≤ 5000): every
   * wallet's, or only those of the wallets that claimed the brand's perk collection `collectionId`.
   */
  eventSources(p: {
    brandId: string
    since: number
    until: number
    collectionId?: number | undefined
    limit: number
  }): Promise<EventSource[]>
  /** One aggregate over the wallets active since `since` (see WalletStanding). */
  walletStanding(p: { since: number; frequency: number; monetary: number; lastAt: number }): Promise<WalletStanding>
}
