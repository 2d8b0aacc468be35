import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import type { VerifyDnsParams, VerifyDnsResponse } from '../types/wire'

export type DnsResource = {
  /**
   * POST /loyalty-api/verify-dns: whether `_loyalty.<domain>` holds a TXT record
   * `brand_id=<brandId>;api_key=<dns key>` naming a brand that has this domain among its websites.
   */
  verify(params: VerifyDnsParams, options?: RequestOptions): Promise<VerifyDnsResponse>
}

export function dnsResource(ctx: ClientContext): DnsResource {
  return {
    verify: (params, options) =>
      sendRequest(
        ctx,
        { name: 'dns.verify', method: 'POST', path: '/loyalty-api/verify-dns', body: { domain: params.domain } },
        options,
      ),
  }
}
