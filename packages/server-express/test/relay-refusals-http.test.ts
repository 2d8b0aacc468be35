import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { perkCollectionAbi, pointsSaleAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import { createLocalTokenIssuer } from '@loyaltykit/engine'
import { encodeFunctionData } from 'viem'
import { describe, expect, it } from 'vitest'
import { IDENTITY_SIGNING_KEY_FILE } from '../src/identity/identity-signing-key'
import { SITE, useRelayHttpWorld } from './helpers/relay-http-world'
import { testDialects } from './helpers/test-databases'

describe.each(testDialects)('relayer refusals over HTTP on $dialect', ({ create }) => {
  const w = useRelayHttpWorld(create)
  const { call, login, claimData, relay } = w

  it('refuses unapproved contracts, unapproved functions, calls for someone else and bad bodies', async () => {
    const u = await login()
    const other = await login()
    const cases: Array<[string, Record<string, unknown>, number, string, Record<string, unknown>]> = [
      [
        'unapproved contract',
        { to: `0x${'12'.repeat(20)}`, data: claimData(u.walletAddress, w.freePerkId) },
        403,
        'CONTRACT_NOT_WHITELISTED',
        {
          contract: `0x${'12'.repeat(20)}`,
          allowed: expect.arrayContaining([w.chain.contracts.perkCollection.toLowerCase()]),
        },
      ],
      [
        'approved contract, unapproved function (useCharges)',
        {
          to: w.chain.contracts.perkCollection,
          data: encodeFunctionData({ abi: perkCollectionAbi, functionName: 'useCharges', args: [1n, 1] }),
        },
        403,
        'VALIDATION_FAILED',
        { reason: 'FUNCTION_NOT_APPROVED', function: 'useCharges', allowed: [expect.stringMatching(/^claimFor/)] },
      ],
      [
        'approved contract, unapproved function (token approve)',
        {
          to: w.chain.contracts.pointsToken,
          data: encodeFunctionData({ abi: pointsTokenAbi, functionName: 'approve', args: [u.walletAddress, 1n] }),
        },
        403,
        'VALIDATION_FAILED',
        { reason: 'FUNCTION_NOT_APPROVED', function: 'approve' },
      ],
      [
        'claimFor acting for another address',
        { to: w.chain.contracts.perkCollection, data: claimData(other.walletAddress, w.freePerkId) },
        403,
        'VALIDATION_FAILED',
        { reason: 'ACTS_FOR_ANOTHER_ADDRESS', actsFor: other.walletAddress, allowed: [u.walletAddress] },
      ],
      [
        'purchaseFor acting for another address',
        {
          to: w.chain.contracts.pointsSale,
          data: encodeFunctionData({
            abi: pointsSaleAbi,
            functionName: 'purchaseFor',
            args: [other.walletAddress, 1n, 1n],
          }),
        },
        403,
        'VALIDATION_FAILED',
        { reason: 'ACTS_FOR_ANOTHER_ADDRESS' },
      ],
      [
        'userAddress of another wallet',
        {
          to: w.chain.contracts.perkCollection,
          data: claimData(other.walletAddress, w.freePerkId),
          userAddress: other.walletAddress,
        },
        403,
        'VALIDATION_FAILED',
        { reason: 'USER_ADDRESS_MISMATCH' },
      ],
      [
        'gas limit over 1,000,000',
        { to: w.chain.contracts.perkCollection, data: claimData(u.walletAddress, w.freePerkId), gasLimit: 1_000_001 },
        403,
        'VALIDATION_FAILED',
        { reason: 'GAS_LIMIT_TOO_HIGH' },
      ],
      [
        'missing data',
        { to: w.chain.contracts.perkCollection },
        400,
        'MISSING_FIELDS',
        { fields: [{ field: 'data', message: 'is required' }] },
      ],
    ]
    for (const [what, body, status, code, details] of cases) {
      const res = await relay(u, body)
      expect(res.status, what).toBe(status)
      const answer = await res.json()
      expect(Object.keys(answer).sort(), what).toEqual(['code', 'details', 'error'])
      expect(answer.code, what).toBe(code)
      expect(answer.details, what).toMatchObject(details)
    }
    // A claim of a collection that does not exist fails its simulation: 500 with the reason, no gas spent.
    const missing = await relay(u, { to: w.chain.contracts.perkCollection, data: claimData(u.walletAddress, 999_999) })
    expect(missing.status).toBe(500)
    expect(await missing.json()).toEqual({
      error: 'Transaction would fail on chain',
      code: 'TRANSACTION_FAILED',
      details: { stage: 'simulation', reason: 'CollectionNotFound(999999)' },
    })
    // Nothing above reached the chain or the hourly window.
    const window = await w.s.runtime.storage.rateLimits.peek({
      key: `relay:user:${u.walletAddress}`,
      limit: 35,
      windowMs: 3_600_000,
      now: Date.now(),
    })
    expect(window.count).toBe(0)
  })

  it('refuses missing, expired and foreign tokens with 401 UNAUTHORIZED, and origins it does not serve with 403', async () => {
    const u = await login()
    const privateJwk = JSON.parse(await readFile(join(w.db.dataDir, IDENTITY_SIGNING_KEY_FILE), 'utf8'))
    const expired = await createLocalTokenIssuer({
      privateJwk,
      ttlSeconds: 60,
      now: () => Math.floor(Date.now() / 1000) - 3600,
    })
    const body = {
      to: w.chain.contracts.perkCollection,
      data: claimData(u.walletAddress, w.freePerkId),
      userAddress: u.walletAddress,
    }
    for (const [what, token] of [
      ['missing', undefined],
      ['expired', (await expired.issue({ subject: u.userId })).token],
      ['garbage', 'not.a.token'],
    ] as const) {
      const res = await call('POST', '/relay', { ...(token ? { token } : {}), body, headers: { origin: SITE } })
      expect(res.status, what).toBe(401)
      const answer = await res.json()
      expect(answer.code, what).toBe('UNAUTHORIZED')
      if (what === 'expired') expect(answer.details.reason).toBe('expired')
    }
    const foreign = await call('POST', '/relay', {
      token: u.accessToken,
      body,
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.status).toBe(403)
    expect((await foreign.json()).code).toBe('ORIGIN_NOT_ALLOWED')
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()

    const preflight = await call('OPTIONS', '/relay', {
      headers: {
        origin: SITE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/i)
  })
})
