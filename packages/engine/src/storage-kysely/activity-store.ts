import type { Kysely } from 'kysely'
import type { ActivityStore } from '../ports/activity-store'
import { selectEventSources } from './activity-brand-reads'
import { selectBrandActivity, selectNetworkTotals } from './activity-network-reads'
import {
  selectWalletBrands,
  selectWalletEvents,
  selectWalletEventTypes,
  selectWalletStanding,
} from './activity-wallet-reads'
import type { Database } from './database'

export function createActivityStore(db: Kysely<Database>): ActivityStore {
  return {
    networkTotals: (p) => selectNetworkTotals(db, p),
    brandActivity: (p) => selectBrandActivity(db, p),
    walletBrands: (wallet) => selectWalletBrands(db, wallet),
    walletEventTypes: (p) => selectWalletEventTypes(db, p),
    walletEvents: (p) => selectWalletEvents(db, p),
    walletStanding: (p) => selectWalletStanding(db, p),
    eventSources: (p) => selectEventSources(db, p),
  }
}
