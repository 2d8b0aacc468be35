import { randomBytes } from 'node:crypto'
import { perkCollectionAbi } from '@loyaltykit/contracts'
import { type Address, encodeFunctionData } from 'viem'
import { afterAll, beforeAll } from 'vitest'
// The SDK's signing is the client side of the perk-charge HMAC scheme: the server must accept it.
import { signRequest } from '../../../sdk/src/signing/sign-request'
import type { EmbeddedChain } from '../../src/chain/start-embedded-chain'
import { startTestServer, type TestServer } from './start-test-server'
import type { TestDatabase } from './test-databases'

export const SITE = 'https://cafe.example.com'
export const EXPLORER = 'https://explorer.example'

export type Login = { accessToken: string; walletAddress: Address; userId: string }
type BrandKeys = { id: string; securityKey: string }

/**
 * The world of the relayer and perk-charge HTTP suites: a test server on the embedded chain (behind
 * a trusted proxy) with two brands, the first with a 'Coffee' perk (max 1 per user, 3 charges) and a
 * free 'Sticker' perk; the fields are set in `beforeAll`. Every call comes from its own client IP
 * (X-Forwarded-For) unless told, so the per-IP limit stays out of the way.
 */
type RelayHttpWorld = {
  db: TestDatabase
  s: TestServer
  chain: EmbeddedChain
  brand: BrandKeys
  otherBrand: BrandKeys
  /** The 'Coffee' perk's collection id. */
  perkId: number
  /** The free 'Sticker' perk's collection id. */
  freePerkId: number
  call(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string>; ip?: string },
  ): Promise<Response>
  /** A new user of the local identity provider (`POST /auth/dev-login`). */
  login(email?: string): Promise<Login>
  claimData(user: string, collectionId: number): `0x${string}`
  /** `POST /relay` for the user, from the brand's website unless other headers are given. */
  relay(u: Login, body: Record<string, unknown>, headers?: Record<string, string>): Promise<Response>
  /** Relays the user's claim of the free perk. */
  claimFree(u: Login): Promise<Response>
  read<T>(address: Address, abi: readonly unknown[], functionName: string, args: unknown[]): Promise<T>
  /** Perk-charge request signed like @loyaltykit/sdk signs it. */
  signed(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signer?: BrandKeys,
    timestamp?: number,
  ): Promise<{ headers: Record<string, string>; raw: string | undefined }>
  /**
   * Identical requests in the same second carry the same signature, which the server refuses as a
   * replay: like a real client, each call adds a unique `nonce` (ignored by the endpoints, signed).
   */
  perkCall(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>, signer?: BrandKeys): Promise<Response>
}

/** Registers the suite's `beforeAll` / `afterAll` and returns its world. `coffeePrice`: 10 unless told. */
export function useRelayHttpWorld(
  create: () => Promise<TestDatabase>,
  options: { coffeePrice?: number } = {},
): RelayHttpWorld {
  const w = {} as RelayHttpWorld

  w.call = (method, path, opts = {}) => {
    const body = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body))
    return fetch(`${w.s.base}${path}`, {
      method,
      headers: {
        'x-forwarded-for': opts.ip ?? `10.${randomBytes(3).join('.')}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.token === undefined ? {} : { authorization: `Bearer ${opts.token}` }),
        ...opts.headers,
      },
      ...(body === undefined ? {} : { body }),
    })
  }
  w.login = async (email = `u${randomBytes(5).toString('hex')}@example.com`) =>
    (await w.call('POST', '/auth/dev-login', { body: { email } })).json()
  w.claimData = (user, collectionId) =>
    encodeFunctionData({
      abi: perkCollectionAbi,
      functionName: 'claimFor',
      args: [user as Address, BigInt(collectionId)],
    })
  w.relay = (u, body, headers = { origin: SITE }) =>
    w.call('POST', '/relay', { token: u.accessToken, body: { userAddress: u.walletAddress, ...body }, headers })
  w.claimFree = (u) =>
    w.relay(u, { to: w.chain.contracts.perkCollection, data: w.claimData(u.walletAddress, w.freePerkId) })
  w.read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: unknown[]) =>
    w.chain.publicClient.readContract({ address, abi, functionName, args } as never) as Promise<T>
  w.signed = async (method, path, body, signer = w.brand, timestamp) => {
    const raw = body === undefined ? undefined : JSON.stringify(body)
    const sig = await signRequest({ secret: signer.securityKey, method, path, body: raw, timestamp })
    return {
      raw,
      headers: {
        'X-LOYALTY-Brand-Id': signer.id,
        'X-LOYALTY-Timestamp': sig.timestamp,
        'X-LOYALTY-Signature': sig.signature,
      },
    }
  }
  w.perkCall = async (method, path, body, signer = w.brand) => {
    const nonce = randomBytes(8).toString('hex')
    const p = method === 'GET' ? `${path}${path.includes('?') ? '&' : '?'}nonce=${nonce}` : path
    const { headers, raw } = await w.signed(method, p, method === 'POST' ? { ...body, nonce } : undefined, signer)
    return w.call(method, p, { headers, ...(raw === undefined ? {} : { raw }) })
  }

  beforeAll(async () => {
    w.db = await create()
    w.s = await startTestServer(w.db, {
      LOYALTYKIT_TRUST_PROXY: 'true',
      LOYALTYKIT_EXPLORER_URL: EXPLORER,
      LOYALTYKIT_MINT_WAIT_MS: '20000',
    })
    w.chain = w.s.runtime.chain as EmbeddedChain
    const engine = w.s.runtime.engine
    const a = await engine.brands.create({ name: 'Cafe', websites: [SITE] })
    const b = await engine.brands.create({ name: 'Other', websites: ['https://other.example'] })
    w.brand = { id: a.brand.id, securityKey: a.keys.securityKey }
    w.otherBrand = { id: b.brand.id, securityKey: b.keys.securityKey }
    const price = options.coffeePrice ?? 10
    w.perkId = (
      await engine.perks.create({ brandId: w.brand.id, name: 'Coffee', price, maxPerUser: 1, charges: 3 })
    ).collectionId
    w.freePerkId = (await engine.perks.create({ brandId: w.brand.id, name: 'Sticker', price: 0 })).collectionId
  }, 60_000)
  afterAll(async () => {
    await w.s?.close()
    await w.db?.drop()
  })

  return w
}
