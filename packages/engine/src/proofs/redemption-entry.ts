import type { LedgerEntry } from '../ports/ledger-store'
import type { Stores } from '../ports/storage'

/** `<collectionId>:<tokenId>`: how the ledger names a perk claim (source `perk_claim`). */
const CLAIM_ID = /^\d{1,78}:\d{1,78}$/

/**
 * The claimer's `redemption` entry of a perk claim named by its ledger id `<collectionId>:<tokenId>`
 * or by its confirmation code (docs/ledger.md#confirmation-codes); undefined when neither names one.
 */
export async function redemptionEntry(
  stores: Pick<Stores, 'ledger' | 'redemptionCodes'>,
  redemptionId: string,
): Promise<LedgerEntry | undefined> {
  let sourceId = redemptionId
  if (!CLAIM_ID.test(redemptionId)) {
    const code = await stores.redemptionCodes.find(redemptionId)
    if (!code) return undefined
    sourceId = `${code.collectionId}:${code.tokenId}`
  }
  const entries = await stores.ledger.listBySource({ sourceType: 'perk_claim', sourceId })
  return entries.find((e) => e.kind === 'redemption')
}
