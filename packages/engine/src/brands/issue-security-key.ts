import { randomBytes } from 'node:crypto'
import type { EngineContext } from '../context'
import type { Stores } from '../ports/storage'

/**
 * Generates a brand's security key (`lksk_` + 32 random bytes, base64url: the HMAC key of perk-charge
 * signatures, used as its UTF-8 string), stores it encrypted as brand secret `security_key`
 * (replacing any previous one), and answers it to show once.
 */
export async function issueSecurityKey(ctx: EngineContext, stores: Stores, brandId: string): Promise<string> {
  const securityKey = `lksk_${randomBytes(32).toString('base64url')}`
  await stores.apiKeys.setSecret(brandId, 'security_key', ctx.keyVault.encrypt(securityKey), ctx.clock.now())
  return securityKey
}
