import { afterAll, beforeAll, expect } from 'vitest'
// The engine's loopback DNS server (dns2) for verify-dns, and the whole server on a test database.
import { startTxtDnsServer } from '../../../engine/test/support/txt-dns-server'
import { startTestServer, type TestServer } from '../../../server-express/test/helpers/start-test-server'
import { type TestDatabase, testDialects } from '../../../server-express/test/helpers/test-databases'
import { createLoyaltyClient, type LoyaltyClient, PermissionError, type SignTypedDataParams } from '../../src/index'

export const SITE = 'https://shop.example.com'
const sqlite = testDialects.find((d) => d.dialect === 'sqlite')!

/**
 * The SDK against the real server (embedded EDR chain, local payment and identity providers, a
 * loopback DNS server) on SQLite: the client does not care which database answers;
 * packages/server-express/test covers both. A brand for SITE; `loyalty` is an anonymous client,
 * `trusted` one with the brand's API key. The fields are set in `beforeAll`.
 */
export function useSdkServerWorld() {
  const w = {
    db: undefined as unknown as TestDatabase,
    s: undefined as unknown as TestServer,
    dns: undefined as unknown as Awaited<ReturnType<typeof startTxtDnsServer>>,
    /** The DNS server's TXT records. */
    records: new Map<string, string[]>(),
    brandId: '',
    keys: undefined as unknown as { apiKey: string; dnsKey: string; securityKey: string },
    loyalty: undefined as unknown as LoyaltyClient,
    trusted: undefined as unknown as LoyaltyClient,
    permitFor,
    tokenDomain,
  }

  beforeAll(async () => {
    w.db = await sqlite.create()
    w.dns = await startTxtDnsServer(w.records)
    w.s = await startTestServer(w.db, {
      LOYALTYKIT_DNS_SERVERS: w.dns.server,
      LOYALTYKIT_MINT_WAIT_MS: '20000',
      LOYALTYKIT_WEBHOOK_POLL_MS: '50',
      LOYALTYKIT_WEBHOOK_ALLOW_PRIVATE: 'true',
    })
    const created = await w.s.runtime.engine.brands.create({ name: 'Shop', websites: [SITE] })
    w.brandId = created.brand.id
    w.keys = created.keys
    w.loyalty = createLoyaltyClient({ baseUrl: w.s.base, headers: { 'x-api-version': 'v1' } })
    w.trusted = createLoyaltyClient({ baseUrl: w.s.base, apiKey: w.keys.apiKey })
  }, 120_000)
  afterAll(async () => {
    await w.s?.close()
    await w.dns?.close()
    await w.db?.drop()
  })

  /** ERC-2612 typed data of the points token. */
  function permitFor(p: { owner: string; spender: string; value: string }, domain: SignTypedDataParams['domain']) {
    return {
      domain,
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: { ...p, nonce: '0', deadline: String(Math.floor(Date.now() / 1000) + 3600) },
    }
  }
  /** The token's EIP-712 domain, as the server names it in the 403 details of a permit with a wrong one. */
  async function tokenDomain(accessToken: string, owner: string): Promise<SignTypedDataParams['domain']> {
    const wrong = { name: 'x', version: '1', chainId: 1, verifyingContract: owner }
    const refused = await w.loyalty.wallet
      .signTypedData(permitFor({ owner, spender: owner, value: '1' }, wrong), { accessToken })
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(PermissionError)
    return ((refused as PermissionError).details as { expected: SignTypedDataParams['domain'] }).expected
  }

  return w
}
