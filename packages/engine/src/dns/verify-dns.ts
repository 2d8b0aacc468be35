import { verifyApiKey } from '../brands/verify-api-key'
import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import { isDomainAuthorized } from '../web/is-domain-authorized'
import type { DnsResolver } from './dns-resolver'
import { parseLoyaltyTxt } from './parse-loyalty-txt'
import { type VerifyDnsParameters, verifyDnsParametersSchema } from './verify-dns-schema'

export type VerifyDnsOptions = {
  /** Where TXT records are read (the server's: `createNodeDnsResolver`). */
  resolver: DnsResolver
}

export type VerifyDnsReturnType = {
  success: true
  domain: string
  dnsConfigured: boolean
  brandId: string | null
}

/**
 * DNS-based brand detection: reads TXT records at `_loyalty.<domain>` and answers `dnsConfigured`
 * with the brand when one record names an existing brand and an API key of that brand with the `dns`
 * scope, and the domain is one of that brand's websites (or a subdomain of one). A lookup failure other than "no such record" is a 503 (UPSTREAM_DNS_FAILED).
 */
export async function verifyDns(
  ctx: EngineContext,
  params: VerifyDnsParameters,
  options: VerifyDnsOptions,
): Promise<VerifyDnsReturnType> {
  const { domain } = parseInput(verifyDnsParametersSchema, params, 'Validation failed')
  let records: string[][]
  try {
    records = await options.resolver.resolveTxt(`_loyalty.${domain}`)
  } catch (e) {
    throw new UnavailableError('DNS lookup failed', 'UPSTREAM_DNS_FAILED', { domain }, e)
  }
  for (const chunks of records) {
    const parsed = parseLoyaltyTxt(chunks.join(''))
    if (!parsed) continue
    const key = await verifyApiKey(ctx, { apiKey: parsed.apiKey, scope: 'dns' })
    if (!key || key.brandId !== parsed.brandId) continue
    const brand = await ctx.storage.brands.get(parsed.brandId)
    // A copied record proves nothing: the domain must also be one of the brand's websites.
    if (brand && isDomainAuthorized(domain, brand.websites)) {
      return { success: true, domain, dnsConfigured: true, brandId: parsed.brandId }
    }
  }
  return { success: true, domain, dnsConfigured: false, brandId: null }
}
