import { isAddress } from 'viem'
import { SessionMetadataError } from './payment-errors'
import { parseUsdToMilli, TOKENS_PER_USD } from './usd-amount'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const WHOLE = /^\d{1,30}$/

/** What a paid session's metadata says to mint. */
export type SessionMintFacts = {
  /** Lowercase 0x address. */
  wallet: string
  /** `usd_amount` as given. */
  usdAmount: string
  /** Whole tokens. */
  tokenAmount: bigint
  brandId: string | null
  email: string | null
}

/** True when the metadata carries none of the keys create-checkout writes (another product's session). */
function isForeignSession(metadata: Record<string, string>): boolean {
  return metadata.wallet === undefined && metadata.token_amount === undefined && metadata.usd_amount === undefined
}

/**
 * Checks the metadata create-checkout wrote: `wallet` a non-zero 0x address, `usd_amount` and
 * `token_amount` positive numbers (dollars with at most three decimals; whole tokens), and
 * usd_amount × 1000 = token_amount, exactly. Throws SessionMetadataError (INVALID_WALLET_ADDRESS,
 * INVALID_AMOUNT, AMOUNT_MISMATCH).
 */
export function parseSessionMetadata(metadata: Record<string, string>): SessionMintFacts {
  const wallet = metadata.wallet?.trim()
  if (!wallet || !ADDRESS.test(wallet) || !isAddress(wallet, { strict: false }) || /^0x0{40}$/i.test(wallet)) {
    throw new SessionMetadataError('INVALID_WALLET_ADDRESS', 'Invalid wallet address in session metadata', {
      wallet: metadata.wallet ?? null,
      ...(isForeignSession(metadata) ? { foreignSession: true } : {}),
    })
  }
  const usdAmount = metadata.usd_amount?.trim() ?? ''
  const tokenText = metadata.token_amount?.trim() ?? ''
  const milli = parseUsdToMilli(usdAmount)
  const tokens = WHOLE.test(tokenText) ? BigInt(tokenText) : undefined
  if (milli === undefined || milli <= 0n || tokens === undefined || tokens <= 0n) {
    throw new SessionMetadataError('INVALID_AMOUNT', 'Invalid amount in session metadata', {
      usd_amount: metadata.usd_amount ?? null,
      token_amount: metadata.token_amount ?? null,
    })
  }
  if (milli * BigInt(TOKENS_PER_USD / 1000) !== tokens) {
    throw new SessionMetadataError('AMOUNT_MISMATCH', 'Amount mismatch: usd_amount x 1000 must equal token_amount', {
      usd_amount: usdAmount,
      token_amount: tokenText,
    })
  }
  const brandId = metadata.brand_id && /^0x[0-9a-f]{40}$/.test(metadata.brand_id) ? metadata.brand_id : null
  return { wallet: wallet.toLowerCase(), usdAmount, tokenAmount: tokens, brandId, email: metadata.email || null }
}
