import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { brandIdSchema } from '../schemas/brand-id'
import { issueSecurityKey } from './issue-security-key'
import { requireBrand } from './require-brand'

export const rotateSecurityKeyParametersSchema = z.object({ brandId: brandIdSchema })

export type RotateSecurityKeyParameters = z.input<typeof rotateSecurityKeyParametersSchema>

/** Replaces a brand's security key; the new key is shown once and the old one stops working. */
export async function rotateSecurityKey(
  ctx: EngineContext,
  params: RotateSecurityKeyParameters,
): Promise<{ securityKey: string }> {
  const p = parseInput(rotateSecurityKeyParametersSchema, params)
  return ctx.storage.transaction(async (tx) => {
    await requireBrand(tx, p.brandId)
    return { securityKey: await issueSecurityKey(ctx, tx, p.brandId) }
  })
}
