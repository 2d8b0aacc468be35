import { randomBytes } from 'node:crypto'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import { PERMIT_TYPES } from '@loyaltykit/engine/testing'
import type { Address } from 'viem'
import { expect } from 'vitest'
import type { TestServer } from './start-test-server'
import { tokenBalance } from './token-balance'

export const WEI = 10n ** 18n

/** A user of the local identity provider as `POST /auth/dev-login` answers it. */
export type CustodialUser = { accessToken: string; walletAddress: Address; userId: string }

export type PermitTerms = { spender: string; value: bigint; deadline?: number; nonce?: bigint }

/**
 * What a brand's web page does for a custodial user, over HTTP against a test server: log in with
 * the local identity provider, ask the user wallet API for permits, relay calls. Every request comes
 * from its own client IP (`X-Forwarded-For`; the server must trust the proxy) so the relayer's per-IP
 * limit stays out of the way, and from the brand's website `origin`.
 */
export function custodialClient(s: TestServer, origin: string) {
  const maybeChain = s.runtime.chain
  if (!maybeChain) throw new Error('the custodial client needs the chain')
  const chain = maybeChain
  const token = chain.contracts.pointsToken

  const call = (method: string, path: string, opts: { token?: string; body?: unknown } = {}) =>
    fetch(`${s.base}${path}`, {
      method,
      headers: {
        origin,
        'x-forwarded-for': `10.${randomBytes(3).join('.')}`,
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.token === undefined ? {} : { authorization: `Bearer ${opts.token}` }),
      },
      ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    })

  /** The permit's EIP-712 typed data, as a web page builds it (the token's domain read from the chain). */
  async function permitTypedData(user: CustodialUser, terms: PermitTerms) {
    const [, name, version] = await chain.publicClient.readContract({
      address: token,
      abi: pointsTokenAbi,
      functionName: 'eip712Domain',
    })
    const nonce =
      terms.nonce ??
      (await chain.publicClient.readContract({
        address: token,
        abi: pointsTokenAbi,
        functionName: 'nonces',
        args: [user.walletAddress],
      }))
    return {
      domain: { name, version, chainId: chain.chainId, verifyingContract: token },
      types: PERMIT_TYPES,
      primaryType: 'Permit',
      message: {
        owner: user.walletAddress,
        spender: terms.spender,
        value: terms.value.toString(),
        nonce: nonce.toString(),
        deadline: terms.deadline ?? Math.floor(Date.now() / 1000) + 3600,
      },
    }
  }

  /** `POST /wallet/sign-typed-data` for a permit with these terms: the raw answer. */
  const requestPermit = async (user: CustodialUser, terms: PermitTerms) =>
    call('POST', '/wallet/sign-typed-data', { token: user.accessToken, body: await permitTypedData(user, terms) })

  return {
    call,

    /** `POST /auth/dev-login` for a fresh email (or the one given). */
    async login(email = `u${randomBytes(5).toString('hex')}@example.com`): Promise<CustodialUser> {
      const res = await call('POST', '/auth/dev-login', { body: { email } })
      expect(res.status).toBe(200)
      return res.json()
    },

    /** Mints `amount` whole points to the user through the minter, and waits for them. */
    async fund(user: CustodialUser, amount: number): Promise<void> {
      const { jobId } = await s.runtime.engine.mint.enqueue({
        idempotencyKey: `custodial-test:${user.walletAddress}:${randomBytes(4).toString('hex')}`,
        to: user.walletAddress,
        amount,
        source: 'bonus',
      })
      expect((await s.runtime.engine.mint.wait({ jobId }, { timeoutMs: 30_000 })).status).toBe('confirmed')
    },

    requestPermit,

    /** `POST /wallet/sign-typed-data`, expected to sign: the permit for `metadata.permit`. */
    async signPermit(user: CustodialUser, terms: PermitTerms): Promise<Record<string, unknown>> {
      const res = await requestPermit(user, terms)
      const body = await res.json()
      expect(res.status, JSON.stringify(body)).toBe(200)
      return body.permit
    },

    /** `POST /relay` acting for the user: the raw answer. */
    relay: (user: CustodialUser, body: Record<string, unknown>) =>
      call('POST', '/relay', { token: user.accessToken, body: { userAddress: user.walletAddress, ...body } }),

    /** The points-token balance of an address, in wei, read from the chain. */
    balance: (address: string) => tokenBalance(s, address),

    /** The points-token allowance owner → spender, in wei. */
    allowance: (owner: string, spender: string) =>
      chain.publicClient.readContract({
        address: token,
        abi: pointsTokenAbi,
        functionName: 'allowance',
        args: [owner as Address, spender as Address],
      }),
  }
}
