import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'

/** Any string: an unknown or malformed id simply has no key. */
export const getBrandSecurityKeyParametersSchema = z.object({ brandId: z.string() })

export type GetBrandSecurityKeyParameters = z.input<typeof getBrandSecurityKeyParametersSchema>

/**
 * A brand's security key in clear (the HMAC key of perk-charge signatures), decrypted by
 * `ctx.keyVault`; undefined when the brand has none (unknown brand included).
 */
export async function getBrandSecurityKey(
  ctx: EngineContext,
  params: GetBrandSecurityKeyParameters,
): Promise<string | undefined> {
  const p = parseInput(getBrandSecurityKeyParametersSchema, params)
  const ciphertext = await ctx.storage.apiKeys.getSecret(p.brandId, 'security_key')
  return ciphertext === undefined ? undefined : ctx.keyVault.decrypt(ciphertext)
}
