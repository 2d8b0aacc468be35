import type { ActivityRollupTables } from './activity-rollup-tables'
import type { AdminTables } from './admin-tables'
import type { AgentTables } from './agent-tables'
import type { CoreTables } from './core-tables'
import type { EventTables } from './event-tables'
import type { GrowthLeadTables } from './growth-lead-tables'
import type { IdempotencyTables } from './idempotency-tables'
import type { IdentityTables } from './identity-tables'
import type { LeaderboardStandingTables } from './leaderboard-standings-tables'
import type { LedgerTables } from './ledger-tables'
import type { MintingTables } from './minting-tables'
import type { PaymentTables } from './payment-tables'
import type { PendingRedemptionTables } from './pending-redemption-tables'
import type { PerkRedemptionTables } from './perk-redemption-tables'
import type { PointsSaleTables } from './points-sale-tables'
import type { RateLimitTables } from './rate-limit-tables'
import type { RedemptionCodeTables } from './redemption-code-tables'
import type { RelayTables } from './relay-tables'
import type { SiteTables } from './site-tables'
import type { WebhookTables } from './webhook-tables'

/**
 * The whole schema as kysely sees it. Conventions (both dialects): timestamps are BIGINT epoch
 * milliseconds (the pg wiring parses int8 as a JS number), booleans are INTEGER 0/1, JSON is TEXT,
 * token amounts are TEXT decimal strings (wei, 18 decimals), addresses are lowercase TEXT.
 */
export interface Database
  extends CoreTables,
    MintingTables,
    EventTables,
    WebhookTables,
    PaymentTables,
    IdentityTables,
    RelayTables,
    RateLimitTables,
    IdempotencyTables,
    PointsSaleTables,
    LedgerTables,
    RedemptionCodeTables,
    AgentTables,
    PerkRedemptionTables,
    PendingRedemptionTables,
    SiteTables,
    GrowthLeadTables,
    ActivityRollupTables,
    LeaderboardStandingTables,
    AdminTables {}
