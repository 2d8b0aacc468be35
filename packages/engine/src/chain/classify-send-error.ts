/**
 * What a failed `eth_sendRawTransaction` means for the transaction that was sent:
 * - `already_known`: the node already has it (in its pool or mined): treat as sent.
 * - `nonce_too_low`: its nonce is used on chain; diagnose (ours mined? someone else's?) before anything else.
 * - `nonce_too_high`: a lower nonce is missing; send the lower ones first.
 * - `underpriced`: a pending transaction with the same nonce pays more (replacement refused).
 * - `fee_too_low`: the max fee is under the next block's base fee; re-sign with fresh fees.
 * - `insufficient_funds`: the signer cannot pay for gas; retry later (operator action).
 * - `rejected`: the node will never accept this exact transaction (bad gas limit, bad chain id, …); re-sign.
 * - `reverted`: the node executed and mined it, and it reverted (automining dev chains answer so): read its receipt.
 * - `transient`: network trouble, timeouts, rate limits, unknown: retry the same transaction.
 */
export type SendErrorKind =
  | 'already_known'
  | 'nonce_too_low'
  | 'nonce_too_high'
  | 'underpriced'
  | 'fee_too_low'
  | 'insufficient_funds'
  | 'rejected'
  | 'reverted'
  | 'transient'

const patterns: Array<[SendErrorKind, RegExp]> = [
  ['already_known', /already known|known transaction|already imported|already in (the )?(mem)?pool|AlreadyKnown/i],
  ['nonce_too_low', /nonce too low|nonce has already been used|invalid nonce.*(lower|low)|OldNonce/i],
  ['nonce_too_high', /nonce too high|nonce gap|NonceTooHigh/i],
  ['underpriced', /replacement transaction underpriced|underpriced|ReplacementNotAllowed/i],
  [
    'fee_too_low',
    /max ?fee ?per ?gas.*(less than|too low|lower than).*base ?fee|fee cap less than block base fee|too low for the next block/i,
  ],
  ['insufficient_funds', /insufficient funds|enough funds|InsufficientFunds/i],
  [
    'rejected',
    /intrinsic gas too low|exceeds block gas limit|exceeds transaction gas cap|gas limit.*(exceeds|too high)|invalid chain ?id|invalid sender|oversized data|tx fee .* exceeds the configured cap|tip higher than fee cap|max priority fee per gas higher than max fee per gas/i,
  ],
  ['reverted', /VM Exception while processing transaction|transaction reverted|execution reverted/i],
]

function messagesOf(error: unknown): string {
  const parts: string[] = []
  let e: unknown = error
  for (let depth = 0; e && depth < 8; depth++) {
    if (typeof e === 'object') {
      const o = e as { message?: unknown; details?: unknown; shortMessage?: unknown; cause?: unknown }
      for (const v of [o.details, o.shortMessage, o.message]) if (typeof v === 'string') parts.push(v)
      e = o.cause
    } else {
      parts.push(String(e))
      break
    }
  }
  return parts.join(' | ')
}

/** Classifies a broadcast error by the node's message (messages differ between geth, EDR, Erigon, …). */
export function classifySendError(error: unknown): { kind: SendErrorKind; message: string } {
  const message = messagesOf(error)
  for (const [kind, pattern] of patterns) if (pattern.test(message)) return { kind, message }
  return { kind: 'transient', message }
}
