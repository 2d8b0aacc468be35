import type { z } from 'zod'
import type { brandHealthTool } from '../tools/brand-health'
import type { eventPerformanceTool } from '../tools/event-performance'
import type { perkAnalyticsTool } from '../tools/perk-analytics'
import type { ConverseEntities } from './converse-entities'
import { fmt, fmtCount } from './converse-format'
import type { StepData } from './converse-step'

type Out<T extends { output: z.ZodType }> = z.output<T['output']>

const n = fmt

/** The `health` intent's answer: score and grade by part, the period's activity, perks. */
export function healthSentences(
  get: StepData,
  e: ConverseEntities,
  ep: Out<typeof eventPerformanceTool> | undefined,
): string[] {
  const out: string[] = []
  const brand = e.brands[0]?.name ?? 'The brand'
  const bh = get<Out<typeof brandHealthTool>>('brand_health')
  if (bh) {
    out.push(
      `${brand} scores ${n(bh.score)}/100 (grade ${bh.grade}): ${bh.components.map((c) => `${c.name} ${n(c.score)}/${c.max}`).join(', ')}.`,
    )
    if (bh.recommendations[0]) out.push(bh.recommendations[0].message)
  }
  if (ep) {
    const top = [...ep.events].sort((a, b) => b.claims - a.claims)[0]
    out.push(
      `In the last ${ep.period}: ${fmtCount(ep.activeUsers, 'active member')} and ${fmtCount(ep.totalClaims, 'claim')}${top && top.claims > 0 ? `, most of them ${top.eventType} (${n(top.claims)})` : ''}.`,
    )
  }
  const pa = get<Out<typeof perkAnalyticsTool>>('perk_analytics')
  if (pa) {
    out.push(
      `${fmtCount(pa.perks.length, 'perk')}, ${fmtCount(pa.totals.redemptions, 'redemption')}, redemption rate ${n(pa.totals.redemptionRate)}%.`,
    )
  }
  return out
}
