import { z } from 'zod'
import type { EngineContext } from '../context'
import { ValidationError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import type { Brand, BrandProfilePatch } from '../ports/brand-store'
import { brandIdSchema } from '../schemas/brand-id'
import { brandProfileSchema } from './brand-profile-schema'
import { createBrandParametersSchema } from './create-brand'

export const updateBrandParametersSchema = z.object({
  brandId: brandIdSchema,
  name: createBrandParametersSchema.shape.name.optional(),
  /** null clears it. */
  category: brandProfileSchema.category.nullable().optional(),
  /** null clears it. */
  description: brandProfileSchema.description.nullable().optional(),
  /** null clears it. */
  contactEmail: brandProfileSchema.contactEmail.nullable().optional(),
})

export type UpdateBrandParameters = z.input<typeof updateBrandParametersSchema>

/**
 * Changes a brand's name and profile (category, description, contact email): fields left out keep
 * their value, null clears one. At least one field is required (400). Unknown brand → 404
 * BRAND_NOT_FOUND. Answers the brand as stored.
 */
export async function updateBrand(ctx: EngineContext, params: UpdateBrandParameters): Promise<Brand> {
  const { brandId, ...patch } = parseInput(updateBrandParametersSchema, params, 'Invalid brand')
  const fields = Object.entries(patch).filter(([, v]) => v !== undefined)
  if (fields.length === 0) {
    throw new ValidationError('Invalid brand', [
      { field: 'name', message: 'give at least one of name, category, description, contactEmail' },
    ])
  }
  const brand = await ctx.storage.brands.updateProfile(brandId, patch as BrandProfilePatch, ctx.clock.now())
  ctx.logger.info({ brandId, fields: fields.map(([k]) => k) }, 'brand updated')
  return brand
}
