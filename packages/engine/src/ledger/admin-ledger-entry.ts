import { z } from 'zod'
import { explorerTxUrl } from '../chain/explorer-tx-url'
import { memberLedgerEntrySchema } from '../members/list-member-history-schema'
import { toMemberLedgerEntry } from '../members/member-ledger-entry'
import type { ChainPort } from '../ports/chain'
import type { LedgerEntry } from '../ports/ledger-store'
import { wireFormats } from '../schemas/wire-formats'

/** A ledger entry as the admin reads answer it: the member's entry, whose it is, and its proof link. */
export const adminLedgerEntrySchema = memberLedgerEntrySchema.extend({
  walletAddress: wireFormats.address,
  /** The member in wallet-owner form (`email:ann@example.com`, `oauth:discord:123`); null when unknown. */
  userKey: z.string().nullable(),
  /**
   * Proof of issuance: `<explorer>/tx/<transactionHash>` when a block explorer is configured
   * (LOYALTYKIT_EXPLORER_URL) and the entry has a transaction; null otherwise.
   */
  explorerUrl: z.string().nullable(),
})

export type AdminLedgerEntry = z.output<typeof adminLedgerEntrySchema>

export function toAdminLedgerEntry(
  chain: Pick<ChainPort, 'explorerUrl'> | undefined,
  e: LedgerEntry,
): AdminLedgerEntry {
  return {
    ...toMemberLedgerEntry(e),
    walletAddress: e.walletAddress,
    userKey: e.userKey,
    explorerUrl: explorerTxUrl(chain, e.txHash),
  }
}
