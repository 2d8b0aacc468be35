import { randomBytes, randomUUID } from 'node:crypto'
import type { LedgerEntry, LedgerKind } from '@loyaltykit/engine'
import { toLedgerEntry } from '../../src/ledger/record-ledger-entry'

export const WEI = 10n ** 18n
/** The time entries are written at unless told. */
export const T0 = 1_750_000_000_000
export const address = () => `0x${randomBytes(20).toString('hex')}`
export const hash = () => `0x${randomBytes(32).toString('hex')}`

/** An entry at `at` (ids are random, so equal times still order by id). */
export const entry = (p: {
  wallet: string
  brand?: string | null
  kind?: LedgerKind
  amount?: number
  amountWei?: bigint
  at?: number
  source?: string
  mintJobId?: string
  status?: LedgerEntry['status']
}): LedgerEntry =>
  toLedgerEntry({
    kind: p.kind ?? 'reward',
    walletAddress: p.wallet,
    brandId: p.brand === undefined ? null : p.brand,
    ...(p.amountWei === undefined ? { amount: p.amount ?? 10 } : { amountWei: p.amountWei }),
    sourceType: 'event',
    sourceId: p.source ?? randomUUID(),
    mintJobId: p.mintJobId ?? null,
    status: p.status ?? 'confirmed',
    createdAt: p.at ?? T0,
    userKey: 'email:ann@example.com',
    snapshot: { rewardAmount: p.amount ?? 10 },
  })
