// The /admin/v1 shapes the dashboard reads (docs/admin-api.md; /work contract: admin-contract). Only
// the fields the pages show are typed; the server may send more.

export type Session = {
  kind: 'operator' | 'brand'
  /** The brand key's brand; null for an operator (who picks a brand). */
  brandId: string | null
  expiresAt: string
  csrfToken: string
}

/** A brand; admin-core's answer names its id `brandId` or `id` (see `brandIdOf`). */
export type Brand = {
  brandId?: string
  id?: string
  name?: string
  websites?: string[]
  timezone?: string | null
  category?: string | null
  status?: string
}

export type Rule = {
  eventType: string
  rewardAmount: number
  /** −1 means unlimited. */
  maxClaims: number
  cooldownHours: number
  maxTotalClaims: number | null
  detectionMethod: string
  detectionConfig: { urlPatterns: string[]; successSelectors: string[]; channels?: string[] }
  isCustom: boolean
  enabled: boolean
}

/** What the rules editor sends (PATCH: every field optional; POST: eventType and rewardAmount). */
export type RuleChange = {
  rewardAmount?: number
  maxClaims?: number
  cooldownHours?: number
  maxTotalClaims?: number | null
  urlPatterns?: string[]
  successSelectors?: string[]
  enabled?: boolean
}

/** The eligibility preview: check-eligibility's answer for this rule and member (docs/admin-api.md). */
export type RulePreview = {
  eligible: boolean
  rewardAmount: number
  /** Every reason the event would be refused now, in the order of the checks; empty when eligible. */
  reasons: { code: string; message: string }[]
}

export type Overview = {
  days: { date: string; events: number; tokensIssued: number }[]
  activeMembers: number
  topRules: { eventType: string; events: number; tokens: number }[]
  /** 0..1: tokens redeemed over tokens issued in the window. */
  redemptionRate: number
}

export type Pipeline = {
  queueDepth: number
  oldestPendingAgeMs: number | null
  lagMs: number | null
  lastBatches: {
    txHash: string | null
    size: number
    status: string
    submittedAt: string | null
    confirmedAt: string | null
  }[]
}

/** A search match (`GET …/members?q=`: exact, so 0 or 1). */
export type MemberSummary = {
  walletAddress: string
  /** The wallet's owner: `email:ann@example.com`, `oauth:discord:…`; null when the server does not hold it. */
  userKey?: string | null
  email?: string | null
  earned?: number
  redeemed?: number
}

type LedgerLine = {
  id?: string
  kind: string
  amount: string | number
  /** What made the entry (`event`, `payment`, `perk_claim`, …) and its id. */
  source?: { type: string; id: string | null }
  createdAt: string
  transactionHash?: string | null
  /** A proof-of-issuance link to the explorer when one is configured. */
  explorerUrl?: string | null
  status?: string
}

/** One member (`GET …/members/:walletAddress`): balance (whole tokens, on chain), totals at the brand, newest entries. */
export type Member = MemberSummary & {
  balance?: string | number
  totals?: Record<string, string | number>
  history: LedgerLine[]
  explorerUrl?: string | null
}

export type Perk = {
  collectionId?: string
  id?: string
  name: string
  price?: string | number
  maxSupply?: number | null
  claimed?: number
  status?: string
}

export type WebhookEndpoint = {
  id: string
  url: string
  eventTypes: string[]
  description?: string | null
  enabled?: boolean
  createdAt?: string
}

export type WebhookEndpointCreated = WebhookEndpoint & { secret: string }

export type WebhookDelivery = {
  id: string
  endpointId?: string
  eventType: string
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
  lastStatusCode: number | null
  lastError: string | null
  createdAt: string | number
}

export type Page<T> = { data: T[]; nextCursor: string | null }
