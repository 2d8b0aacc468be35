/**
 * An RFM score 1–5 from where a value ranks among `total` wallets: `less` of them do worse, so
 * 1 + floor(5 · less / total), at most 5 (1 when there are none).
 */
export function rfmQuintile(less: number, total: number): number {
  return total <= 0 ? 1 : Math.min(5, 1 + Math.floor((5 * less) / total))
}
