import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import {
  createLocalTokenIssuer,
  generateIdentitySigningKey,
  LOCAL_TOKEN_AUDIENCE,
  LOCAL_TOKEN_ISSUER,
} from '@loyaltykit/engine'
import { PERMIT_TYPES } from '@loyaltykit/engine/testing'
import { type Address, createWalletClient, custom, type Hex, recoverTypedDataAddress, type TypedDataDomain } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EmbeddedChain } from '../src/chain/start-embedded-chain'
import { IDENTITY_SIGNING_KEY_FILE } from '../src/identity/identity-signing-key'
import { startSecondApp } from './helpers/second-app'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://shop.example.com'
const WEI = 10n ** 18n
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')

describe.each(testDialects)('identity and user wallet API on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let chain: EmbeddedChain
  let login: { accessToken: string; walletAddress: Address; userId: string; expiresAt: number }

  const call = (
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${s.base}${path}`, {
      method,
      headers: {
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.token === undefined ? {} : { authorization: `Bearer ${opts.token}` }),
        ...opts.headers,
      },
      ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    })

  const token = { address: () => chain.contracts.pointsToken, abi: pointsTokenAbi }
  const read = <T>(functionName: string, args: unknown[]) =>
    chain.publicClient.readContract({
      address: token.address(),
      abi: pointsTokenAbi,
      functionName,
      args,
    } as never) as Promise<T>

  /** The points token's permit for the logged-in user, as a brand's page would build it. */
  async function permit(over: { domain?: object; message?: object; types?: object; primaryType?: string } = {}) {
    const [, name, version] = await read<readonly [Hex, string, string]>('eip712Domain', [])
    const nonce = await read<bigint>('nonces', [login.walletAddress])
    return {
      domain: { name, version, chainId: chain.chainId, verifyingContract: chain.contracts.pointsToken, ...over.domain },
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
        owner: login.walletAddress,
        spender: chain.contracts.perkCollection,
        value: (100n * WEI).toString(),
        nonce: nonce.toString(),
        deadline: Math.floor(Date.now() / 1000) + 3600,
        ...over.message,
      },
    }
  }

  beforeAll(async () => {
    db = await create()
    s = await startTestServer(db)
    chain = s.runtime.chain as EmbeddedChain
    await s.runtime.engine.brands.create({ name: 'Shop', websites: [SITE] })
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('logs in for development: the email identity, its custodial wallet, an ES256 access token', async () => {
    const res = await call('POST', '/auth/dev-login', { body: { email: ' Ann@Example.com ' } })
    expect(res.status).toBe(200)
    login = await res.json()
    expect(login.walletAddress).toMatch(/^0x[0-9a-f]{40}$/)
    expect(login.userId).toMatch(/^did:loyaltykit:/)
    const [header, payload] = login.accessToken
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()))
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' })
    expect(payload).toMatchObject({
      sub: login.userId,
      iss: LOCAL_TOKEN_ISSUER,
      aud: LOCAL_TOKEN_AUDIENCE,
      exp: login.expiresAt,
    })
    // The same wallet the email's rewards go to; a second login is the same identity.
    const wallet = await s.runtime.storage.wallets.findByOwner('email:ann@example.com')
    expect(wallet?.address).toBe(login.walletAddress)
    const again = await (await call('POST', '/auth/dev-login', { body: { email: 'ann@example.com' } })).json()
    expect(again).toMatchObject({ userId: login.userId, walletAddress: login.walletAddress })
    expect((await call('POST', '/auth/dev-login', { body: { email: 'nope' } })).status).toBe(400)
  })

  it('answers GET /wallet with the address and the on-chain token balance', async () => {
    const empty = await call('GET', '/wallet', { token: login.accessToken })
    expect(empty.status).toBe(200)
    expect(await empty.json()).toEqual({
      success: true,
      userId: login.userId,
      address: login.walletAddress,
      custodial: true,
      balance: '0',
      balanceWei: '0',
      token: chain.contracts.pointsToken.toLowerCase(),
    })
    const { jobId } = await s.runtime.engine.mint.enqueue({
      idempotencyKey: `test:${login.walletAddress}`,
      to: login.walletAddress,
      amount: 150,
      source: 'bonus',
    })
    expect((await s.runtime.engine.mint.wait({ jobId }, { timeoutMs: 30_000 })).status).toBe('confirmed')
    const funded = await (await call('GET', '/wallet', { token: login.accessToken })).json()
    expect(funded).toMatchObject({ balance: '150', balanceWei: (150n * WEI).toString() })
  })

  it('signs a permit for the perk collection that works on chain', async () => {
    const typedData = await permit()
    const res = await call('POST', '/wallet/sign-typed-data', { token: login.accessToken, body: typedData })
    expect(res.status).toBe(200)
    const signed = await res.json()
    expect(signed).toMatchObject({
      success: true,
      permit: {
        owner: login.walletAddress,
        spender: chain.contracts.perkCollection.toLowerCase(),
        value: (100n * WEI).toString(),
        deadline: typedData.message.deadline,
      },
    })
    const recovered = await recoverTypedDataAddress({
      domain: typedData.domain as TypedDataDomain,
      types: PERMIT_TYPES,
      primaryType: 'Permit',
      message: {
        owner: login.walletAddress,
        spender: chain.contracts.perkCollection,
        value: 100n * WEI,
        nonce: BigInt(typedData.message.nonce),
        deadline: BigInt(typedData.message.deadline),
      },
      signature: signed.signature,
    })
    expect(recovered.toLowerCase()).toBe(login.walletAddress)

    // Anyone can submit the permit (as the relayer will): the allowance appears on chain.
    const submitter = privateKeyToAccount(generatePrivateKey())
    await chain.provider.request({
      method: 'hardhat_setBalance',
      params: [submitter.address, '0x8ac7230489e80000'],
    } as never)
    const wallet = createWalletClient({ account: submitter, transport: custom(chain.provider as never) })
    const hash = await wallet.writeContract({
      chain: null,
      address: chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      functionName: 'permit',
      args: [
        login.walletAddress,
        chain.contracts.perkCollection,
        100n * WEI,
        BigInt(signed.permit.deadline),
        signed.v,
        signed.r,
        signed.s,
      ],
    })
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await read<bigint>('allowance', [login.walletAddress, chain.contracts.perkCollection])).toBe(100n * WEI)
  })

  it('refuses (403) everything but an approved permit of this deployment', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey()).address
    const now = Math.floor(Date.now() / 1000)
    const cases: Array<[string, RegExp, unknown]> = [
      ['another chain id', /domain/, await permit({ domain: { chainId: 1 } })],
      ['another verifying contract', /domain/, await permit({ domain: { verifyingContract: stranger } })],
      ['another token name', /domain/, await permit({ domain: { name: 'Other Points' } })],
      ['a spender that is not approved', /spender/, await permit({ message: { spender: stranger } })],
      ['the token itself as spender', /spender/, await permit({ message: { spender: chain.contracts.pointsToken } })],
      ['someone else as owner', /owner/, await permit({ message: { owner: stranger } })],
      ['more than the balance', /balance/, await permit({ message: { value: (151n * WEI).toString() } })],
      ['zero value', /positive/, await permit({ message: { value: '0' } })],
      ['a past deadline', /deadline/, await permit({ message: { deadline: now - 1 } })],
      ['a deadline over 24 h ahead', /deadline/, await permit({ message: { deadline: now + 2 * 86_400 } })],
      [
        'reordered Permit fields',
        /Permit struct/,
        await permit({
          types: {
            Permit: [
              { name: 'spender', type: 'address' },
              { name: 'owner', type: 'address' },
              { name: 'value', type: 'uint256' },
              { name: 'nonce', type: 'uint256' },
              { name: 'deadline', type: 'uint256' },
            ],
          },
        }),
      ],
      [
        'another primary type',
        /Only ERC-2612 permits/,
        {
          domain: { name: 'Mail', version: '1', chainId: chain.chainId },
          types: { Mail: [{ name: 'contents', type: 'string' }] },
          primaryType: 'Mail',
          message: { contents: 'transfer everything' },
        },
      ],
      ['a plain message', /not EIP-712/, { message: 'Sign in to example.com' }],
    ]
    for (const [what, reason, body] of cases) {
      const res = await call('POST', '/wallet/sign-typed-data', { token: login.accessToken, body })
      expect(res.status, what).toBe(403)
      const refused = await res.json()
      expect(refused, what).toMatchObject({ error: 'Typed data not allowed', code: 'TYPED_DATA_NOT_ALLOWED' })
      expect(refused.details.reason, what).toMatch(reason)
    }
  })

  it('refuses missing, expired, foreign, unsigned and tampered tokens with 401', async () => {
    const privateJwk = JSON.parse(await readFile(join(db.dataDir, IDENTITY_SIGNING_KEY_FILE), 'utf8'))
    const expired = await createLocalTokenIssuer({
      privateJwk,
      ttlSeconds: 60,
      now: () => Math.floor(Date.now() / 1000) - 3600,
    })
    const wrongAudience = await createLocalTokenIssuer({ privateJwk, audience: 'another-app' })
    const otherKey = await createLocalTokenIssuer({ privateJwk: await generateIdentitySigningKey() })
    const [header, payload, signature] = login.accessToken.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const tokens: Array<[string, string | undefined, string]> = [
      ['missing', undefined, 'missing'],
      ['expired', (await expired.issue({ subject: login.userId })).token, 'expired'],
      ['wrong audience', (await wrongAudience.issue({ subject: login.userId })).token, 'invalid_aud'],
      ['other key', (await otherKey.issue({ subject: login.userId })).token, 'invalid_signature'],
      ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, ''],
      ['tampered', `${header}.${b64({ ...claims, sub: 'did:loyaltykit:mallory' })}.${signature}`, 'invalid_signature'],
    ]
    for (const [what, t, reason] of tokens) {
      for (const [method, path] of [
        ['GET', '/wallet'],
        ['POST', '/wallet/sign-typed-data'],
      ] as const) {
        const res = await call(method, path, {
          ...(t === undefined ? {} : { token: t }),
          ...(method === 'POST' ? { body: {} } : {}),
        })
        expect(res.status, `${what} ${path}`).toBe(401)
        const body = await res.json()
        expect(body.code, what).toBe('UNAUTHORIZED')
        if (reason) expect(body.details.reason, what).toBe(reason)
      }
    }
    // A valid token of a user this server does not know.
    const ghost = await createLocalTokenIssuer({ privateJwk })
    const res = await call('GET', '/wallet', { token: (await ghost.issue({ subject: 'did:loyaltykit:ghost' })).token })
    expect(res.status).toBe(401)
  })

  it('lets a brand website call the wallet API cross-origin (never *)', async () => {
    const ok = await call('GET', '/wallet', { token: login.accessToken, headers: { origin: SITE } })
    expect(ok.headers.get('access-control-allow-origin')).toBe(SITE)
    const other = await call('GET', '/wallet', {
      token: login.accessToken,
      headers: { origin: 'https://evil.example' },
    })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await fetch(`${s.base}/wallet/sign-typed-data`, {
      method: 'OPTIONS',
      headers: {
        origin: SITE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
  })

  it('refuses development login when NODE_ENV=production (tokens from the same key still verify)', async () => {
    const prod = await startSecondApp(db, s, { NODE_ENV: 'production' })
    try {
      const res = await fetch(`${prod.base}/auth/dev-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ann@example.com' }),
      })
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'DEV_LOGIN_DISABLED' })
      const wallet = await fetch(`${prod.base}/wallet`, { headers: { authorization: `Bearer ${login.accessToken}` } })
      // This app has no chain: the token is accepted, the balance cannot be read.
      expect(wallet.status).toBe(503)
    } finally {
      await prod.close()
    }
  })
})
