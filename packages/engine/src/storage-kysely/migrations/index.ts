import type { Migration } from 'kysely/migration'
import { migration0001Core } from './0001-core'
import { migration0002Minting } from './0002-minting'
import { migration0003Events } from './0003-events'
import { migration0004Webhooks } from './0004-webhooks'
import { migration0005Payments } from './0005-payments'
import { migration0006Identity } from './0006-identity'
import { migration0007Relay } from './0007-relay'
import { migration0008ClawbackReplacements } from './0008-clawback-replacements'
import { migration0009RateLimits } from './0009-rate-limits'
import { migration0010Idempotency } from './0010-idempotency'
import { migration0011WebhookTestDeliveries } from './0011-webhook-test-deliveries'
import { migration0012PointsSale } from './0012-points-sale'
import { migration0013Ledger } from './0013-ledger'
import { migration0014RedemptionCodes } from './0014-redemption-codes'
import { migration0015RewardEventReads } from './0015-reward-event-reads'
import { migration0016AgentKeys } from './0016-agent-keys'
import { migration0017AgentReads } from './0017-agent-reads'
import { migration0018BrandPerkProfiles } from './0018-brand-perk-profiles'
import { migration0019PerkRedemptions } from './0019-perk-redemptions'
import { migration0020SiteStreaks } from './0020-site-streaks'
import { migration0021GrowthLeads } from './0021-growth-leads'
import { migration0022ActivityRollups } from './0022-activity-rollups'
import { migration0023AgentRewardClaims } from './0023-agent-reward-claims'
import { migration0024LeaderboardStandings } from './0024-leaderboard-standings'
import { migration0025MintJobBrandIndex } from './0025-mint-job-brand-index'
import { migration0026ActivityGaps } from './0026-activity-gaps'
import { migration0027WebhookEndpoints } from './0027-webhook-endpoints'
import { migration0028PendingRedemptions } from './0028-pending-redemptions'
import { migration0029OperatorKeys } from './0029-operator-keys'
import { migration0030RewardEventsWalletCover } from './0030-reward-events-wallet-cover'

/**
 * Every migration, by name. Names sort in the order they run. Static (not read from a folder) so the
 * bundled package carries them.
 */
export const migrations: Record<string, Migration> = {
  '0001-core': migration0001Core,
  '0002-minting': migration0002Minting,
  '0003-events': migration0003Events,
  '0004-webhooks': migration0004Webhooks,
  '0005-payments': migration0005Payments,
  '0006-identity': migration0006Identity,
  '0007-relay': migration0007Relay,
  '0008-clawback-replacements': migration0008ClawbackReplacements,
  '0009-rate-limits': migration0009RateLimits,
  '0010-idempotency': migration0010Idempotency,
  '0011-webhook-test-deliveries': migration0011WebhookTestDeliveries,
  '0012-points-sale': migration0012PointsSale,
  '0013-ledger': migration0013Ledger,
  '0014-redemption-codes': migration0014RedemptionCodes,
  '0015-reward-event-reads': migration0015RewardEventReads,
  '0016-agent-keys': migration0016AgentKeys,
  '0017-agent-reads': migration0017AgentReads,
  '0018-brand-perk-profiles': migration0018BrandPerkProfiles,
  '0019-perk-redemptions': migration0019PerkRedemptions,
  '0020-site-streaks': migration0020SiteStreaks,
  '0021-growth-leads': migration0021GrowthLeads,
  '0022-activity-rollups': migration0022ActivityRollups,
  '0023-agent-reward-claims': migration0023AgentRewardClaims,
  '0024-leaderboard-standings': migration0024LeaderboardStandings,
  '0025-mint-job-brand-index': migration0025MintJobBrandIndex,
  '0026-activity-gaps': migration0026ActivityGaps,
  '0027-webhook-endpoints': migration0027WebhookEndpoints,
  '0028-pending-redemptions': migration0028PendingRedemptions,
  '0029-operator-keys': migration0029OperatorKeys,
  '0030-reward-events-wallet-cover': migration0030RewardEventsWalletCover,
}
