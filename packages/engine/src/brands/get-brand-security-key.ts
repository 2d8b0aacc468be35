import type { EngineContext } from '../context'

/**
 * A brand's security key in clear (the HMAC key of perk-charge signatures), decrypted by
 * `ctx.keyVault`; undefined when the brand has none (unknown brand included).
 */
export async function getBrandSecurityKey(
  ctx: EngineContext,
  params: { brandId: string },
): Promise<string | undefined> {
  const ciphertext = await ctx.storage.apiKeys.getSecret(params.brandId, 'security_key')
  return ciphertext === undefined ? undefined : ctx.keyVault.decrypt(ciphertext)
}
