/**
 * The tokens each refund of a charge claws back: the refunded share of the tokens the charge
 * bought, allocated cumulatively so that the shares always add up (a full refund, in any number of
 * parts, claws back exactly every token): refund i gets
 * floor(tokens × refunded₁..ᵢ / charged) − floor(tokens × refunded₁..ᵢ₋₁ / charged).
 * `refunds` must be in charge order (creation time, then id).
 */
export function allocateRefundTokens(
  tokens: bigint,
  chargeCents: number,
  refunds: ReadonlyArray<{ refundId: string; refundCents: number }>,
): Map<string, bigint> {
  const charged = BigInt(Math.max(1, chargeCents))
  const out = new Map<string, bigint>()
  let cumulative = 0n
  let before = 0n
  for (const r of refunds) {
    cumulative += BigInt(Math.max(0, r.refundCents))
    const upTo = (tokens * (cumulative > charged ? charged : cumulative)) / charged
    out.set(r.refundId, upTo - before)
    before = upTo
  }
  return out
}
