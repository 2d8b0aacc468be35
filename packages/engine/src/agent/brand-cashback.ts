import type { EngineContext } from '../context'
import type { Brand } from '../ports/brand-store'
import { analyticsMath } from './analytics-math'
import { purchaseReward } from './purchase-reward'

/** What a purchase earns back at a brand (agent-api.md "Cashback"), as compare_cashback and route_purchase show it. */
export type BrandCashback = {
  brandId: string
  name: string
  /** Tokens of the brand's purchase rule (`purchaseReward`). */
  cashbackPoints: number
  /** cashbackPoints / 1,000 tokens per USD, 2 dp. */
  cashbackUsd: number
  /** cashbackUsd / purchaseAmount × 100, 2 dp. */
  cashbackPercent: number
}

/** The cashback a purchase of `purchaseAmount` USD earns at `brand`, read from its rules. */
export async function brandCashback(
  ctx: EngineContext,
  brand: Pick<Brand, 'id' | 'name'>,
  purchaseAmount: number,
): Promise<BrandCashback> {
  const points = purchaseReward(await ctx.storage.rules.list(brand.id))
  const usd = points / 1000
  return {
    brandId: brand.id,
    name: brand.name,
    cashbackPoints: points,
    cashbackUsd: analyticsMath.round2(usd),
    cashbackPercent: analyticsMath.round2((usd / purchaseAmount) * 100),
  }
}
