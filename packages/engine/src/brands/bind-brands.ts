import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { brandOverview } from './brand-overview'
import { brandOwnsOrigin } from './brand-owns-origin'
import { createBrand } from './create-brand'
import { ensureDemoBrand } from './ensure-demo-brand'
import { getBrand } from './get-brand'
import { getBrandSecurityKey } from './get-brand-security-key'
import { isKnownBrandOrigin } from './is-known-brand-origin'
import { listBrands } from './list-brands'
import { rotateSecurityKey } from './rotate-security-key'
import { setBrandWebsites } from './set-brand-websites'
import { updateBrand } from './update-brand'

/** `engine.brands`: brands, their keys and websites (CORS asks `isKnownOrigin` and `ownsOrigin`). */
export function bindBrands(ctx: EngineContext) {
  return {
    create: bindOperation(ctx, createBrand),
    get: bindOperation(ctx, getBrand),
    list: bindOperation(ctx, listBrands),
    setWebsites: bindOperation(ctx, setBrandWebsites),
    update: bindOperation(ctx, updateBrand),
    rotateSecurityKey: bindOperation(ctx, rotateSecurityKey),
    getSecurityKey: bindOperation(ctx, getBrandSecurityKey),
    isKnownOrigin: bindOperation(ctx, isKnownBrandOrigin),
    ownsOrigin: bindOperation(ctx, brandOwnsOrigin),
    ensureDemo: bindOperation(ctx, ensureDemoBrand),
    overview: bindOperation(ctx, brandOverview),
  }
}
