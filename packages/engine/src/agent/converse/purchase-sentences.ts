import type { z } from 'zod'
import type { bestDealsTool } from '../tools/best-deals'
import type { browsePerksTool } from '../tools/browse-perks'
import type { compareCashbackTool } from '../tools/compare-cashback'
import type { routePurchaseTool } from '../tools/route-purchase'
import type { ConverseEntities } from './converse-entities'
import { fmt, fmtUsd } from './converse-format'
import type { StepData } from './converse-step'

type Out<T extends { output: z.ZodType }> = z.output<T['output']>

/** The `purchase_routing` answer: cashback per brand, the best route with the user's perks, deals. */
export function purchaseSentences(get: StepData, e: ConverseEntities): string[] {
  const out: string[] = []
  const cc = get<Out<typeof compareCashbackTool>>('compare_cashback')
  if (cc && cc.comparisons.length > 0) {
    const top = cc.comparisons.slice(0, 3)
    out.push(
      `For a ${fmtUsd(cc.purchaseAmount)} purchase${e.category ? ` (${e.category})` : ''}: ${top
        .map(
          (c) =>
            `${c.name} gives back ${fmt(c.cashbackPoints)} points (${fmtUsd(c.cashbackUsd)}, ${fmt(c.cashbackPercent)}%)`,
        )
        .join('; ')}.`,
    )
    const best = cc.comparisons.find((c) => c.brandId === cc.best)
    out.push(best ? `Best cashback: ${best.name}.` : 'None of them rewards purchases yet.')
  } else if (cc) out.push(`No ${e.category ? `${e.category} ` : ''}brand rewards purchases yet.`)
  const route = get<Out<typeof routePurchaseTool>>('route_purchase')
  const first = route?.routes[0]
  if (first?.redeemablePerk) {
    out.push(
      `With the user's balance, ${first.name} is worth ${fmtUsd(first.totalValueUsd)} in all: ${fmtUsd(first.cashbackUsd)} back and ${first.redeemablePerk.name} (${fmt(first.redeemablePerk.cost)} points).`,
    )
  } else if (!cc && first) {
    out.push(`Best route: ${first.name}, ${fmtUsd(first.cashbackUsd)} back (${fmt(first.cashbackPercent)}%).`)
  }
  const deals = get<Out<typeof bestDealsTool>>('best_deals')?.deals ?? []
  const perks = get<Out<typeof browsePerksTool>>('browse_perks')?.perks ?? []
  const spend = deals.length > 0 ? deals : perks
  if (spend.length > 0) {
    out.push(
      `Perks to spend the points on: ${spend
        .slice(0, 3)
        .map((p) => `${p.name} at ${p.brandName} (${fmt(p.cost)} points)`)
        .join(', ')}.`,
    )
  }
  return out
}
