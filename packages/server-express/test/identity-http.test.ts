import { pointsTokenAbi } from '@loyaltykit/contracts'
import { LOCAL_TOKEN_AUDIENCE, LOCAL_TOKEN_ISSUER } from '@loyaltykit/engine'
import { PERMIT_TYPES } from '@loyaltykit/engine/testing'
import { createWalletClient, custom, recoverTypedDataAddress, type TypedDataDomain } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import type { EmbeddedChain } from '../src/chain/start-embedded-chain'
import { useIdentityHttpWorld } from './helpers/identity-http-world'
import type { TestServer } from './helpers/start-test-server'
import { testDialects } from './helpers/test-databases'

const WEI = 10n ** 18n

// Access tokens refused, CORS and production: identity-tokens-http.test.ts.
describe.each(testDialects)('identity and user wallet API on $dialect', ({ create }) => {
  const w = useIdentityHttpWorld(create)
  const { call, permit, read } = w
  let s: TestServer
  let chain: EmbeddedChain
  beforeAll(async () => {
    ;({ s, chain } = w)
  })

  it('logs in for development: the email identity, its custodial wallet, an ES256 access token', async () => {
    const res = await call('POST', '/auth/dev-login', { body: { email: ' Ann@Example.com ' } })
    expect(res.status).toBe(200)
    w.login = await res.json()
    expect(w.login.walletAddress).toMatch(/^0x[0-9a-f]{40}$/)
    expect(w.login.userId).toMatch(/^did:loyaltykit:/)
    const [header, payload] = w.login.accessToken
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()))
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' })
    expect(payload).toMatchObject({
      sub: w.login.userId,
      iss: LOCAL_TOKEN_ISSUER,
      aud: LOCAL_TOKEN_AUDIENCE,
      exp: w.login.expiresAt,
    })
    // The same wallet the email's rewards go to; a second w.login is the same identity.
    const wallet = await s.runtime.storage.wallets.findByOwner('email:ann@example.com')
    expect(wallet?.address).toBe(w.login.walletAddress)
    const again = await (await call('POST', '/auth/dev-login', { body: { email: 'ann@example.com' } })).json()
    expect(again).toMatchObject({ userId: w.login.userId, walletAddress: w.login.walletAddress })
    expect((await call('POST', '/auth/dev-login', { body: { email: 'nope' } })).status).toBe(400)
  })

  it('answers GET /wallet with the address and the on-chain token balance', async () => {
    const empty = await call('GET', '/wallet', { token: w.login.accessToken })
    expect(empty.status).toBe(200)
    expect(await empty.json()).toEqual({
      success: true,
      userId: w.login.userId,
      address: w.login.walletAddress,
      custodial: true,
      balance: '0',
      balanceWei: '0',
      token: chain.contracts.pointsToken.toLowerCase(),
    })
    const { jobId } = await s.runtime.engine.mint.enqueue({
      idempotencyKey: `test:${w.login.walletAddress}`,
      to: w.login.walletAddress,
      amount: 150,
      source: 'bonus',
    })
    expect((await s.runtime.engine.mint.wait({ jobId }, { timeoutMs: 30_000 })).status).toBe('confirmed')
    const funded = await (await call('GET', '/wallet', { token: w.login.accessToken })).json()
    expect(funded).toMatchObject({ balance: '150', balanceWei: (150n * WEI).toString() })
  })

  it('signs a permit for the perk collection that works on chain', async () => {
    const typedData = await permit()
    const res = await call('POST', '/wallet/sign-typed-data', { token: w.login.accessToken, body: typedData })
    expect(res.status).toBe(200)
    const signed = await res.json()
    expect(signed).toMatchObject({
      success: true,
      permit: {
        owner: w.login.walletAddress,
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
        owner: w.login.walletAddress,
        spender: chain.contracts.perkCollection,
        value: 100n * WEI,
        nonce: BigInt(typedData.message.nonce),
        deadline: BigInt(typedData.message.deadline),
      },
      signature: signed.signature,
    })
    expect(recovered.toLowerCase()).toBe(w.login.walletAddress)

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
        w.login.walletAddress,
        chain.contracts.perkCollection,
        100n * WEI,
        BigInt(signed.permit.deadline),
        signed.v,
        signed.r,
        signed.s,
      ],
    })
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await read<bigint>('allowance', [w.login.walletAddress, chain.contracts.perkCollection])).toBe(100n * WEI)
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
      const res = await call('POST', '/wallet/sign-typed-data', { token: w.login.accessToken, body })
      expect(res.status, what).toBe(403)
      const refused = await res.json()
      expect(refused, what).toMatchObject({ error: 'Typed data not allowed', code: 'TYPED_DATA_NOT_ALLOWED' })
      expect(refused.details.reason, what).toMatch(reason)
    }
  })
})
