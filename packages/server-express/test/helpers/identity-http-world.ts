import { pointsTokenAbi } from '@loyaltykit/contracts'
import type { Address, Hex } from 'viem'
import { afterAll, beforeAll } from 'vitest'
import type { EmbeddedChain } from '../../src/chain/start-embedded-chain'
import { startTestServer, type TestServer } from './start-test-server'
import type { TestDatabase } from './test-databases'

export const SITE = 'https://shop.example.com'
const WEI = 10n ** 18n

/** `POST /auth/dev-login`'s answer. */
type DevLogin = { accessToken: string; walletAddress: Address; userId: string; expiresAt: number }

/**
 * The world of the identity HTTP suites: a test server on the embedded chain with a brand for SITE;
 * `login` is the user the suite logged in (set by the suite). The fields are set in `beforeAll`.
 */
export function useIdentityHttpWorld(create: () => Promise<TestDatabase>) {
  const w = {
    db: undefined as unknown as TestDatabase,
    s: undefined as unknown as TestServer,
    chain: undefined as unknown as EmbeddedChain,
    login: undefined as unknown as DevLogin,
    call,
    read,
    permit,
  }

  function call(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    return fetch(`${w.s.base}${path}`, {
      method,
      headers: {
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.token === undefined ? {} : { authorization: `Bearer ${opts.token}` }),
        ...opts.headers,
      },
      ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    })
  }

  function read<T>(functionName: string, args: unknown[]) {
    return w.chain.publicClient.readContract({
      address: w.chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      functionName,
      args,
    } as never) as Promise<T>
  }

  /** The points token's permit for the logged-in user, as a brand's page would build it. */
  async function permit(over: { domain?: object; message?: object; types?: object; primaryType?: string } = {}) {
    const [, name, version] = await read<readonly [Hex, string, string]>('eip712Domain', [])
    const nonce = await read<bigint>('nonces', [w.login.walletAddress])
    return {
      domain: {
        name,
        version,
        chainId: w.chain.chainId,
        verifyingContract: w.chain.contracts.pointsToken,
        ...over.domain,
      },
      types: over.types ?? {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: over.primaryType ?? 'Permit',
      message: {
        owner: w.login.walletAddress,
        spender: w.chain.contracts.perkCollection,
        value: (100n * WEI).toString(),
        nonce: nonce.toString(),
        deadline: Math.floor(Date.now() / 1000) + 3600,
        ...over.message,
      },
    }
  }

  beforeAll(async () => {
    w.db = await create()
    w.s = await startTestServer(w.db)
    w.chain = w.s.runtime.chain as EmbeddedChain
    await w.s.runtime.engine.brands.create({ name: 'Shop', websites: [SITE] })
  })
  afterAll(async () => {
    await w.s?.close()
    await w.db?.drop()
  })

  return w
}
