import type { Kysely } from 'kysely'
import type { AnalyticsStore } from '../ports/analytics-store'
import { createAnalyticsActivityMethods } from './analytics-activity-methods'
import { createAnalyticsRedemptionMethods } from './analytics-redemption-methods'
import { createAnalyticsWalletMethods } from './analytics-wallet-methods'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

/** `AnalyticsStore` over reward_events and ledger_entries (docs/agent-api.md#analytics). */
export function createAnalyticsStore(db: Kysely<Database>, dialect: SqlDialect): AnalyticsStore {
  return {
    ...createAnalyticsActivityMethods(db),
    ...createAnalyticsRedemptionMethods(db, dialect),
    ...createAnalyticsWalletMethods(db),
  }
}
