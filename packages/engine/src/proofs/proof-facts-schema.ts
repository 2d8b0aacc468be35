import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'

/**
 * pending: decided, not on chain yet · confirmed: on chain, at `transactionHash` / `logIndex` ·
 * failed: the last attempt reverted; the minter retries it (docs/ledger.md#status).
 */
export const proofStatusSchema = z.enum(['pending', 'confirmed', 'failed'])

/**
 * What every proof of issuance answers of its ledger entry: where the movement is on chain. The
 * fields of the event, payment or redemption proofs extend it (docs/ledger.md#proof-of-issuance).
 */
export const proofFactsSchema = z.object({
  status: proofStatusSchema,
  /** The wallet whose balance moved (lowercase). */
  walletAddress: wireFormats.address,
  /** Whole tokens, signed as in the ledger: positive for a reward or purchase, negative for a redemption. */
  amount: z.number().int(),
  /** The exact amount in wei (18 decimals), decimal string, signed as `amount`. */
  amountWei: z.string().regex(/^-?\d+$/),
  /** The bytes32 id of the mint's batch (`BatchMinted`); null until the minter settled it, and for redemptions. */
  batchId: z
    .string()
    .regex(/^0x[0-9a-f]{64}$/)
    .nullable(),
  /** Null while pending. */
  transactionHash: wireFormats.transactionHash.nullable(),
  blockNumber: z.number().int().nonnegative().nullable(),
  /** Index in its block of the points token's `Transfer` log that moved `amount` for `walletAddress`. */
  logIndex: z.number().int().nonnegative().nullable(),
  /** The chain the token lives on; null when the server runs without a chain. */
  chainId: z.number().int().positive().nullable(),
  /** The points token contract (lowercase); null when the server runs without a chain. */
  tokenAddress: wireFormats.address.nullable(),
  /** `<explorer>/tx/<transactionHash>` when a block explorer is configured (LOYALTYKIT_EXPLORER_URL), else null. */
  explorerUrl: z.string().nullable(),
  /** When the movement was confirmed on chain; null unless `status` is `confirmed`. */
  confirmedAt: wireFormats.isoTimestamp.nullable(),
  /** True when personal data is masked: the request carried no API key of the brand. */
  masked: z.boolean(),
})

export type ProofFacts = z.output<typeof proofFactsSchema>
