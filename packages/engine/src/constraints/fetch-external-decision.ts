import { isIP } from 'node:net'
import { Agent, request } from 'undici'
import { z } from 'zod'
import { isPrivateAddress } from '../web/is-private-address'
import { createPublicOnlyLookup } from '../web/public-only-lookup'
import type { ConstraintCheckOptions } from './constraint-check-options'
import { ConstraintCheckFailedError } from './constraint-errors'

export type ExternalDecision = { allowed: boolean; reason: string | null }

/** What an external constraint API answers (extra fields are ignored). */
const decisionSchema = z.object({
  allowed: z.boolean(),
  reason: z.string().max(500).nullish(),
})

/**
 * Asks an external constraint API whether a user may purchase from a collection: `POST <apiUrl>` with
 * `{ user_address, collection_id, brand_id }`, expecting 2xx `{ allowed: boolean, reason?: string }`.
 * undici with one deadline (`timeoutMs`), a response size limit, only http/https, no redirects, and no
 * private or reserved addresses (checked on the resolved addresses at connect time, through
 * `dnsServers` when given, so DNS rebinding cannot slip through) unless `allowPrivateAddresses`. Any failure throws ConstraintCheckFailedError.
 */
export async function fetchExternalDecision(
  p: { apiUrl: string; userAddress: string; collectionId: number; brandId: string },
  options: ConstraintCheckOptions,
): Promise<ExternalDecision> {
  const fail = (reason: string, cause?: unknown): never => {
    throw new ConstraintCheckFailedError(
      `The constraint API could not be checked: ${reason}`,
      {
        apiUrl: p.apiUrl,
        reason,
      },
      cause,
    )
  }
  let url: URL
  try {
    url = new URL(p.apiUrl)
  } catch {
    return fail('not a URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('only http and https URLs are allowed')
  if (url.username || url.password) return fail('URLs with credentials are not allowed')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!options.allowPrivateAddresses && isIP(host) !== 0 && isPrivateAddress(host)) {
    return fail('the URL points to a private or reserved address')
  }

  const agent = new Agent({
    connect: {
      timeout: options.timeoutMs,
      ...(options.allowPrivateAddresses
        ? {}
        : { lookup: createPublicOnlyLookup({ dnsServers: options.dnsServers ?? [] }) }),
    },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  })
  const signal = AbortSignal.timeout(options.timeoutMs)
  try {
    const res = await request(url, {
      method: 'POST',
      dispatcher: agent,
      signal,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'user-agent': 'loyaltykit-constraints/1',
      },
      body: JSON.stringify({ user_address: p.userAddress, collection_id: p.collectionId, brand_id: p.brandId }),
    })
    res.body.on('error', () => {})
    const declared = Number(res.headers['content-length'])
    if (Number.isFinite(declared) && declared > options.maxResponseBytes) {
      res.body.destroy()
      return fail(`the answer is larger than ${options.maxResponseBytes} bytes`)
    }
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length
      if (size > options.maxResponseBytes) {
        res.body.destroy()
        return fail(`the answer is larger than ${options.maxResponseBytes} bytes`)
      }
      chunks.push(chunk as Buffer)
    }
    if (res.statusCode < 200 || res.statusCode >= 300) return fail(`HTTP ${res.statusCode}`)
    let json: unknown
    try {
      json = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      return fail('the answer is not JSON')
    }
    const decision = decisionSchema.safeParse(json)
    if (!decision.success) return fail('the answer has no boolean "allowed"')
    return { allowed: decision.data.allowed, reason: decision.data.reason ?? null }
  } catch (e) {
    if (e instanceof ConstraintCheckFailedError) throw e
    const code = (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code
    if (code === 'EPRIVATEADDRESS') return fail('the URL resolves to a private or reserved address', e)
    if (
      signal.aborted ||
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_BODY_TIMEOUT' ||
      code === 'UND_ERR_CONNECT_TIMEOUT'
    ) {
      return fail(`no answer within ${options.timeoutMs} ms`, e)
    }
    return fail(`request failed (${code ?? (e as Error).message})`, e)
  } finally {
    await agent.destroy().catch(() => {})
  }
}
