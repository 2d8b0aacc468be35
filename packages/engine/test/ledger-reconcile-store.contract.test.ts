import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { address, entry, hash, T0, WEI } from './support/ledger-entry-fixture'
import { testDatabases, useTestStorage } from './support/test-databases'

describe.each(testDatabases())('ledger storage contract: reconciliation reads on $dialect', (db) => {
  const t = useTestStorage(db)

  it('streams exact confirmed sums per wallet in address order, for every wallet or a brand’s', async () => {
    const brand = address()
    const wallets = Array.from({ length: 5 }, () => address()).sort()
    const half = WEI / 2n
    await t.storage.ledger.recordMany([
      ...wallets.map((w) => entry({ wallet: w, brand, amount: 3 })),
      entry({ wallet: wallets[0] as string, brand: address(), amountWei: half }),
      entry({ wallet: wallets[0] as string, brand: null, kind: 'transfer', amountWei: -(half + 1n) }),
      entry({ wallet: wallets[1] as string, brand, amount: 5, status: 'pending', mintJobId: randomUUID() }),
      // A wallet of another brand only: every wallet is more than the brand's.
      entry({ wallet: address(), brand: address() }),
    ])
    const sums: { walletAddress: string; confirmedWei: string; confirmedEntries: number }[] = []
    let after: string | undefined
    for (;;) {
      const page = await t.storage.ledger.listWalletSums({ brandId: brand, afterWallet: after, limit: 2 })
      if (page.length === 0) break
      sums.push(...page)
      after = page[page.length - 1]?.walletAddress
    }
    expect(sums.map((s) => s.walletAddress)).toEqual(wallets)
    expect(sums[0]).toEqual({
      walletAddress: wallets[0],
      confirmedWei: (3n * WEI - 1n).toString(),
      confirmedEntries: 3,
      unconfirmedWei: '0',
    })
    expect(sums[1]).toMatchObject({
      confirmedWei: (3n * WEI).toString(),
      confirmedEntries: 1,
      unconfirmedWei: (5n * WEI).toString(),
    })
    expect(await t.storage.ledger.countWallets({ brandId: brand })).toBe(5)
    expect(await t.storage.ledger.countWallets({})).toBeGreaterThan(5)
    const everyWallet = await t.storage.ledger.listWalletSums({ limit: 1000 })
    expect(everyWallet.length).toBeGreaterThan(wallets.length)
    const confirmed = await t.storage.ledger.listConfirmedByWallets([wallets[0] as string, wallets[1] as string])
    expect(confirmed).toHaveLength(4)
    expect(confirmed.every((e) => e.status === 'confirmed')).toBe(true)
    // A fraction of a token: amount rounds toward zero, amountWei is exact.
    expect(confirmed.find((e) => e.kind === 'transfer')).toMatchObject({
      amount: 0,
      amountWei: (-(half + 1n)).toString(),
    })
    // Read at a block before an entry was mined, that entry is not confirmed yet.
    await t.storage.ledger.record({
      ...entry({ wallet: wallets[2] as string, brand, amount: 4 }),
      txHash: hash(),
      blockNumber: 50,
    })
    const [at49] = await t.storage.ledger.listWalletSums({
      brandId: brand,
      afterWallet: wallets[1],
      atBlock: 49,
      limit: 1,
    })
    expect(at49).toMatchObject({
      walletAddress: wallets[2],
      confirmedEntries: 0,
      unconfirmedWei: (7n * WEI).toString(),
    })
    const [at50] = await t.storage.ledger.listWalletSums({
      brandId: brand,
      afterWallet: wallets[1],
      atBlock: 50,
      limit: 1,
    })
    expect(at50).toMatchObject({ confirmedEntries: 1, confirmedWei: (4n * WEI).toString() })
  })

  it('lists unconfirmed entries oldest first', async () => {
    const old = entry({ wallet: address(), at: 1000, status: 'pending', mintJobId: randomUUID() })
    const older = entry({ wallet: address(), at: 500, status: 'failed', mintJobId: randomUUID() })
    const recent = entry({ wallet: address(), at: T0 * 2, status: 'pending', mintJobId: randomUUID() })
    await t.storage.ledger.recordMany([old, older, recent, entry({ wallet: address(), at: 10 })])
    expect((await t.storage.ledger.listUnconfirmed({ olderThan: 2000, limit: 10 })).map((e) => e.id)).toEqual([
      older.id,
      old.id,
    ])
  })
})
