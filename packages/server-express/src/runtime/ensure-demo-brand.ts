import type { Brand, Engine } from '@loyaltykit/engine'

/** Settings key holding the demo brand's id once created. */
export const DEMO_BRAND_SETTING = 'demo.brandId'

export const DEMO_BRAND_WEBSITES = ['http://localhost:3000', 'http://localhost']

export type DemoBrand = {
  brand: Brand
  /** Present only when this call created the brand (keys are shown once). */
  keys?: { securityKey: string; apiKey: string; dnsKey: string }
}

/**
 * On a database without any brand, creates the demo brand (websites http://localhost:3000 and
 * http://localhost, plus `publicUrl`'s origin when given; the six default rules) and remembers its id. Later
 * starts find it again (without keys). Undefined when brands exist but none is the demo brand.
 */
export async function ensureDemoBrand(engine: Engine, publicUrl?: string): Promise<DemoBrand | undefined> {
  const { storage } = engine.ctx
  const knownId = await storage.settings.get(DEMO_BRAND_SETTING)
  if (knownId !== undefined) {
    const brand = await storage.brands.get(knownId)
    return brand ? { brand } : undefined
  }
  if ((await storage.brands.list()).length > 0) return undefined
  const websites = [...new Set([...DEMO_BRAND_WEBSITES, ...(publicUrl ? [new URL(publicUrl).origin] : [])])]
  const { brand, keys } = await engine.brands.create({ name: 'Demo brand', websites })
  await storage.settings.set(DEMO_BRAND_SETTING, brand.id)
  return { brand, keys }
}
