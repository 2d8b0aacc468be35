import type { Engine, EngineReturnType } from '@loyaltykit/engine'

const DEMO_BRAND_WEBSITES = ['http://localhost:3000', 'http://localhost']

export type DemoBrand = NonNullable<EngineReturnType<'brands', 'ensureDemo'>>

/**
 * On a database without any brand, creates the demo brand (websites http://localhost:3000 and
 * http://localhost, plus `publicUrl`'s origin when given; the six default rules) and remembers its id. Later
 * starts find it again (without keys). Undefined when brands exist but none is the demo brand.
 */
export async function ensureDemoBrand(engine: Engine, publicUrl?: string): Promise<DemoBrand | undefined> {
  const websites = [...new Set([...DEMO_BRAND_WEBSITES, ...(publicUrl ? [new URL(publicUrl).origin] : [])])]
  return engine.brands.ensureDemo({ websites })
}
