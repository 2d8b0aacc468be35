import { type IdentityProvider, isLoyaltyError, type Storage } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { devLogin } from '../src/identity/dev-login'
import { ensureIdentity } from '../src/identity/ensure-identity'
import { linkIdentities } from '../src/identity/link-identities'
import { pregenerateUser } from '../src/pregeneration/pregenerate-user'
import { findWalletByOwner } from '../src/wallets/find-wallet-by-owner'
import { getOrCreateWallet } from '../src/wallets/get-or-create-wallet'
import { testDatabases, useTestStorage } from './support/test-databases'

const DISCORD_ID = '80351110224678912'

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (e) {
    if (isLoyaltyError(e)) return e.code
    throw e
  }
  throw new Error('expected a LoyaltyError')
}

/** A provider that counts creations and answers slowly, like a hosted one. */
function slowProvider(): IdentityProvider & { calls: number } {
  let n = 0
  return {
    name: 'slow',
    calls: 0,
    async createUser() {
      this.calls++
      n++
      await new Promise((r) => setTimeout(r, 50))
      return {
        userId: `did:slow:${n}`,
        walletAddress: `0x${n.toString(16).padStart(40, '0')}`,
        walletOwnerKey: null,
        walletCreated: true,
      }
    },
    async getUser() {
      return undefined
    },
    async ping() {},
  }
}

describe.each(testDatabases())('identities on $dialect', (db) => {
  const t = useTestStorage(db)

  it('claims an account once among concurrent callers of two processes; a stale claim is taken over', async () => {
    const other: Storage = await t.database.connect()
    const now = Date.now()
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? other : t.storage).identities.claimAccount({
          ownerKey: 'oauth:github:583231',
          claimToken: `c${i}`,
          now,
          staleBefore: now - 60_000,
        }),
      ),
    )
    expect(results.filter((r) => r === 'claimed')).toHaveLength(1)
    expect(results.filter((r) => r === 'busy')).toHaveLength(19)
    const later = now + 120_000
    expect(
      await t.storage.identities.claimAccount({
        ownerKey: 'oauth:github:583231',
        claimToken: 'late',
        now: later,
        staleBefore: later - 60_000,
      }),
    ).toBe('claimed')
    const winner = results.indexOf('claimed')
    const identity = {
      userId: 'did:x:1',
      provider: 'local',
      walletAddress: '0xAB'.padEnd(42, '0'),
      walletOwnerKey: null,
      username: null,
    }
    expect(
      await t.storage.identities.completeAccount({
        ownerKey: 'oauth:github:583231',
        claimToken: `c${winner}`,
        identity,
        now,
      }),
    ).toBe(false)
    expect(
      await t.storage.identities.completeAccount({
        ownerKey: 'oauth:github:583231',
        claimToken: 'late',
        identity,
        now,
      }),
    ).toBe(true)
    expect(
      await t.storage.identities.claimAccount({
        ownerKey: 'oauth:github:583231',
        claimToken: 'again',
        now,
        staleBefore: now,
      }),
    ).toBe('ready')
  })

  it('creates one identity for 20 concurrent callers (hosted-like provider called once)', async () => {
    const provider = slowProvider()
    const ctx = createTestContext(t.storage, { identity: { provider } })
    const ctx2 = createTestContext(await t.database.connect(), { identity: { provider }, keyVault: ctx.keyVault })
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ensureIdentity(i % 2 ? ctx2 : ctx, { kind: 'oauth', provider: 'twitter', userId: '1354217842569052161' }),
      ),
    )
    expect(provider.calls).toBe(1)
    expect(new Set(answers.map((a) => a.walletAddress)).size).toBe(1)
    expect(answers.filter((a) => a.created)).toHaveLength(1)
    expect(answers[0]).toMatchObject({ userId: 'did:slow:1', provider: 'slow', custodial: false })
  })

  it('releases the claim when the provider fails, so that the next call retries', async () => {
    let fail = true
    const provider: IdentityProvider = {
      name: 'flaky',
      async createUser() {
        if (fail) throw new Error('provider down')
        return {
          userId: 'did:flaky:1',
          walletAddress: `0x${'c'.repeat(40)}`,
          walletOwnerKey: null,
          walletCreated: true,
        }
      },
      getUser: async () => undefined,
      ping: async () => {},
    }
    const ctx = createTestContext(t.storage, { identity: { provider } })
    const account = { kind: 'oauth' as const, provider: 'github', userId: '9919' }
    await expect(ensureIdentity(ctx, account)).rejects.toThrow('provider down')
    fail = false
    expect(await ensureIdentity(ctx, account)).toMatchObject({ created: true, userId: 'did:flaky:1' })
  })

  it('keeps email and OAuth wallets distinct until linked; a link makes both use one wallet', async () => {
    const ctx = createTestContext(t.storage)
    const { brand } = await createBrand(ctx, { name: 'Shop', websites: ['https://shop.example'] })
    const email = 'link-me@example.com'
    const emailWallet = await getOrCreateWallet(ctx, { kind: 'email', email })
    const other = await pregenerateUser(ctx, {
      brand_id: brand.id,
      oauth_provider: 'discord',
      oauth_user_id: DISCORD_ID,
    })
    expect(other.response.wallet_address).not.toBe(emailWallet.address)
    // Both already have wallets: never merged.
    expect(await codeOf(linkIdentities(ctx, { email, provider: 'discord', userId: DISCORD_ID }))).toBe(
      'IDENTITIES_HAVE_WALLETS',
    )
    // An OAuth identity without a wallet adopts the email's wallet.
    const linked = await linkIdentities(ctx, { email, provider: 'github', userId: '583231' })
    expect(linked).toMatchObject({ linked: true, walletAddress: emailWallet.address })
    const viaGithub = await pregenerateUser(ctx, {
      brand_id: brand.id,
      oauth_provider: 'github',
      oauth_user_id: '583231',
    })
    expect(viaGithub.response).toMatchObject({
      wallet_address: emailWallet.address,
      created_new: false,
      privy_user_id: linked.userId,
    })
    expect((await getOrCreateWallet(ctx, { kind: 'oauth', provider: 'github', userId: '583231' })).address).toBe(
      emailWallet.address,
    )
    expect(await linkIdentities(ctx, { email, provider: 'github', userId: '583231' })).toMatchObject({ linked: false })
    // An email without a wallet adopts the OAuth identity's wallet; rewards to the email then go there.
    await linkIdentities(ctx, { email: 'later@example.com', provider: 'discord', userId: DISCORD_ID })
    expect((await getOrCreateWallet(ctx, { kind: 'email', email: 'later@example.com' })).address).toBe(
      other.response.wallet_address,
    )
    expect((await findWalletByOwner(ctx, { kind: 'email', email: 'later@example.com' }))?.address).toBe(
      other.response.wallet_address,
    )
  })

  it('refuses development login without a dev issuer', async () => {
    expect(await codeOf(devLogin(createTestContext(t.storage), { email: 'ann@example.com' }))).toBe(
      'DEV_LOGIN_DISABLED',
    )
  })
})
