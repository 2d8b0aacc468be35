import { randomBytes } from 'node:crypto'
import { createAesGcmKeyVault, isLoyaltyError } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { findWalletByOwner } from '../src/wallets/find-wallet-by-owner'
import { getOrCreateWallet } from '../src/wallets/get-or-create-wallet'
import { loadWalletAccount } from '../src/wallets/load-wallet-account'
import { testDatabases, useTestStorage } from './support/test-databases'

const uniqueEmail = () => `user-${randomBytes(4).toString('hex')}@example.com`

describe.each(testDatabases())('custodial wallets on $dialect', (db) => {
  const t = useTestStorage(db)

  it('creates a wallet on first use and answers the same one afterwards', async () => {
    const ctx = createTestContext(t.storage)
    const email = uniqueEmail()
    const first = await getOrCreateWallet(ctx, { kind: 'email', email })
    expect(first).toEqual({
      address: expect.stringMatching(/^0x[0-9a-f]{40}$/),
      created: true,
      ownerKey: `email:${email}`,
    })
    const again = await getOrCreateWallet(ctx, { kind: 'email', email: ` ${email.toUpperCase()} ` })
    expect(again).toEqual({ ...first, created: false })
    expect(await findWalletByOwner(ctx, { kind: 'email', email })).toMatchObject({ address: first.address })
    expect(await findWalletByOwner(ctx, { kind: 'email', email: uniqueEmail() })).toBeUndefined()
  })

  it('50 parallel calls for one owner create one wallet; all get the same address', async () => {
    const ctx = createTestContext(t.storage)
    const email = uniqueEmail()
    const results = await Promise.all(
      Array.from({ length: 50 }, () => getOrCreateWallet(ctx, { kind: 'email', email })),
    )
    expect(results.filter((r) => r.created)).toHaveLength(1)
    expect(new Set(results.map((r) => r.address)).size).toBe(1)
    const rows = await t.database.db
      .selectFrom('wallets')
      .select('id')
      .where('owner_key', '=', `email:${email}`)
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('gives an email and an OAuth identity distinct wallets, and each provider its own', async () => {
    const ctx = createTestContext(t.storage)
    const id = `${Date.now()}${randomBytes(2).readUInt16BE()}`
    const email = await getOrCreateWallet(ctx, { kind: 'email', email: uniqueEmail() })
    const discord = await getOrCreateWallet(ctx, { kind: 'oauth', provider: 'discord', userId: id })
    const github = await getOrCreateWallet(ctx, { kind: 'oauth', provider: 'github', userId: id })
    expect(new Set([email.address, discord.address, github.address]).size).toBe(3)
    expect(discord.ownerKey).toBe(`oauth:discord:${id}`)
    const discordAgain = await getOrCreateWallet(ctx, { kind: 'oauth', provider: 'Discord', userId: id })
    expect(discordAgain).toEqual({ ...discord, created: false })
  })

  it('stores the key encrypted only, and loads a signing account from it', async () => {
    const ctx = createTestContext(t.storage)
    const { address } = await getOrCreateWallet(ctx, { kind: 'email', email: uniqueEmail() })
    const account = await loadWalletAccount(ctx, { address })
    expect(account.address.toLowerCase()).toBe(address)

    const row = await t.database.db
      .selectFrom('wallets')
      .selectAll()
      .where('address', '=', address)
      .executeTakeFirstOrThrow()
    const stored = ctx.keyVault.decrypt(row.encrypted_key) as `0x${string}`
    expect(privateKeyToAccount(stored).address.toLowerCase()).toBe(address)
    const everyColumn = JSON.stringify(row)
    expect(everyColumn).not.toContain(stored.slice(2))
    expect(everyColumn).not.toContain(Buffer.from(stored.slice(2), 'hex').toString('base64'))
    expect(row.encrypted_key.startsWith('v1.')).toBe(true)

    const signature = await account.signMessage({ message: 'hello' })
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('cannot decrypt under another master key', async () => {
    const ctx = createTestContext(t.storage)
    const { address } = await getOrCreateWallet(ctx, { kind: 'email', email: uniqueEmail() })
    const wrong = createTestContext(t.storage, { keyVault: createAesGcmKeyVault(randomBytes(32)) })
    const err = await loadWalletAccount(wrong, { address }).catch((e) => e)
    expect(isLoyaltyError(err) && err.code).toBe('DECRYPTION_FAILED')
  })

  it('says WALLET_NOT_FOUND for an address that is no custodial wallet', async () => {
    const ctx = createTestContext(t.storage)
    const err = await loadWalletAccount(ctx, { address: `0x${randomBytes(20).toString('hex')}` }).catch((e) => e)
    expect(isLoyaltyError(err) && err.code).toBe('WALLET_NOT_FOUND')
  })

  it('refuses an invalid owner without touching storage', async () => {
    const ctx = createTestContext(t.storage)
    const err = await getOrCreateWallet(ctx, { kind: 'email', email: 'nope' }).catch((e) => e)
    expect(isLoyaltyError(err) && err.code).toBe('VALIDATION_FAILED')
  })

  it('works inside a transaction with { stores: tx } and rolls back with it', async () => {
    const ctx = createTestContext(t.storage)
    const email = uniqueEmail()
    const err = await t.storage
      .transaction(async (tx) => {
        const w = await getOrCreateWallet(ctx, { kind: 'email', email }, { stores: tx })
        expect(w.created).toBe(true)
        throw new Error('abort')
      })
      .catch((e) => e)
    expect(err.message).toBe('abort')
    expect(await findWalletByOwner(ctx, { kind: 'email', email })).toBeUndefined()
  })
})
