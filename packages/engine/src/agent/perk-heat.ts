/**
 * A perk's heat (agent-api.md #39): v = claims7d / the brand's highest claims7d (0 when none),
 * t = min(2, claims7d / max(1, (claims30d − claims7d) / 3)) / 2 (this week against the weekly pace of
 * the three weeks before); heatScore = round(100 · (0.6v + 0.4t)); hot ≥ 70, warm ≥ 40, else cold.
 */
export function perkHeat(p: { claims7d: number; claims30d: number; brandMax7d: number }) {
  const v = p.brandMax7d === 0 ? 0 : p.claims7d / p.brandMax7d
  const t = Math.min(2, p.claims7d / Math.max(1, (p.claims30d - p.claims7d) / 3)) / 2
  const heatScore = Math.round(100 * (0.6 * v + 0.4 * t))
  return {
    heatScore,
    heat: heatScore >= 70 ? ('hot' as const) : heatScore >= 40 ? ('warm' as const) : ('cold' as const),
  }
}
