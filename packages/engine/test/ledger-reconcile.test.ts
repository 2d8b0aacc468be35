import { randomBytes } from 'node:crypto'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import { type EngineContext, isLoyaltyError, type Minter, type ReconcileProgress } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { type Address, createWalletClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrand } from '../src/brands/create-brand'
import { processEvent } from '../src/events/process-event'
import { reconcileLedger } from '../src/ledger/reconcile-ledger'
import { createMinter } from '../src/minting/create-minter'
import { type MintingTestChain, startMintingTestChain } from './minting-test-chain'
import { testDatabases, useTestStorage } from './support/test-databases'

const WEI = 10n ** 18n

describe.each(testDatabases())('reconcileLedger on $dialect with the EDR chain', (db) => {
  const t = useTestStorage(db)
  let chain: MintingTestChain
  let ctx: EngineContext
  let minter: Minter
  let shop: string
  let cafe: string
  const wallets: Record<string, string> = {}

  const reward = async (brandId: string, email: string, domain: string) => {
    const r = await processEvent(ctx, { brandId, eventType: 'account_creation', userEmail: email, domain })
    wallets[email] = r.walletAddress
    return r
  }

  beforeAll(async () => {
    chain = await startMintingTestChain()
    ctx = createTestContext(t.storage, { chain: chain.chain })
    minter = createMinter(ctx, { pollIntervalMs: 20 })
    minter.start()
    shop = (await createBrand(ctx, { name: 'Shop', websites: ['https://shop.example'] })).brand.id
    cafe = (await createBrand(ctx, { name: 'Cafe', websites: ['https://cafe.example'] })).brand.id
    for (let i = 0; i < 5; i++) await reward(shop, `s${i}@example.com`, 'shop.example')
    for (let i = 0; i < 2; i++) await reward(cafe, `c${i}@example.com`, 'cafe.example')
    await reward(cafe, 's0@example.com', 'cafe.example') // a member of both
    await minter.drain()
  }, 60_000)
  afterAll(async () => {
    await minter?.stop()
    await chain?.close()
  })

  it('finds no drift in a ledger written by the flows, paging wallets and reporting progress', async () => {
    const progress: ReconcileProgress[] = []
    const report = await reconcileLedger(ctx, {}, { pageSize: 3, concurrency: 2, onProgress: (p) => progress.push(p) })
    expect(report).toMatchObject({
      ok: true,
      brandId: null,
      chainId: 31337,
      token: chain.chain.contracts.pointsToken.toLowerCase(),
      wallets: 7,
      entriesChecked: 8,
      balanceDrifts: [],
      entryDrifts: [],
    })
    expect(progress.map((p) => p.walletsDone)).toEqual([3, 6, 7])
    expect(progress.every((p) => p.walletsTotal === 7)).toBe(true)
    expect(progress.at(-1)?.entriesChecked).toBe(8)
  })

  it('reports a mint sent outside the ledger and an entry its log does not show', async () => {
    // The minter's key mints 5 tokens to s1 without any job or entry.
    const minterWallet = createWalletClient({
      account: chain.chain.minter,
      transport: chain.chain.transport,
      chain: chain.publicClient.chain,
    })
    const hash = await minterWallet.writeContract({
      address: chain.chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      functionName: 'mintBatch',
      args: [`0x${randomBytes(32).toString('hex')}`, [wallets['s1@example.com'] as Address], [5n * WEI]],
      chain: chain.publicClient.chain,
      gas: 200_000n,
    })
    await chain.publicClient.waitForTransactionReceipt({ hash })
    // s2's entry now claims another batch than the one its transaction minted.
    const tampered = (
      await t.storage.ledger.listByWallet({ walletAddress: wallets['s2@example.com'] as string, limit: 1 })
    ).entries[0]
    await t.database.db
      .updateTable('ledger_entries')
      .set({ batch_id: `0x${'ab'.repeat(32)}` })
      .where('id', '=', tampered?.id as string)
      .execute()
    // s3's entry points at a log that is not its Transfer.
    const moved = (
      await t.storage.ledger.listByWallet({ walletAddress: wallets['s3@example.com'] as string, limit: 1 })
    ).entries[0]
    await t.database.db
      .updateTable('ledger_entries')
      .set({ log_index: 999 })
      .where('id', '=', moved?.id as string)
      .execute()

    const report = await reconcileLedger(ctx, {}, { pageSize: 2 })
    expect(report.ok).toBe(false)
    expect(report.balanceDrifts).toEqual([
      {
        walletAddress: wallets['s1@example.com'],
        ledgerWei: (100n * WEI).toString(),
        chainWei: (105n * WEI).toString(),
        differenceWei: (5n * WEI).toString(),
        unconfirmedWei: '0',
      },
    ])
    expect(report.entryDrifts.map((d) => [d.entryId, d.walletAddress]).sort()).toEqual(
      [
        [tampered?.id, wallets['s2@example.com']],
        [moved?.id, wallets['s3@example.com']],
      ].sort(),
    )
    expect(report.entryDrifts.find((d) => d.entryId === tampered?.id)?.problem).toMatch(
      /the transaction minted batch 0x[0-9a-f]{64}, the entry says 0x(ab){32}/,
    )
    expect(report.entryDrifts.find((d) => d.entryId === moved?.id)?.problem).toBe('no log 999 in the transaction')

    // One brand's wallets only: the cafe's members are clean (s0's sum covers both brands).
    const cafeOnly = await reconcileLedger(ctx, { brandId: cafe })
    expect(cafeOnly).toMatchObject({ ok: true, brandId: cafe, wallets: 3, entriesChecked: 4 })
    const shopOnly = await reconcileLedger(ctx, { brandId: shop })
    expect(shopOnly).toMatchObject({ ok: false, wallets: 5 })
  })

  it('needs the chain and a valid brand id', async () => {
    const noChain = await reconcileLedger(createTestContext(t.storage), {}).catch((e: unknown) => e)
    expect(isLoyaltyError(noChain) && noChain.code).toBe('CHAIN_UNAVAILABLE')
    const bad = await reconcileLedger(ctx, { brandId: 'shop' }).catch((e: unknown) => e)
    expect(isLoyaltyError(bad) && bad.category).toBe('invalid_request')
  })

  it('counts a batch mined but not settled yet as settling, not as a drift; a batch not mined stays one', async () => {
    // The instant between the batch's block and the minter's settlement: c1's entry is pending again.
    const c1 = wallets['c1@example.com'] as string
    const entry = (await t.storage.ledger.listByWallet({ walletAddress: c1, limit: 1 })).entries[0]
    expect(entry?.status).toBe('confirmed')
    await t.database.db
      .updateTable('ledger_entries')
      .set({
        status: 'pending',
        tx_hash: null,
        block_number: null,
        log_index: null,
        batch_id: null,
        confirmed_at: null,
      })
      .where('id', '=', entry?.id as string)
      .execute()
    const settling = await reconcileLedger(ctx, { brandId: cafe })
    expect(settling).toMatchObject({ ok: true, settlingEntries: 1, balanceDrifts: [], entryDrifts: [] })

    // Its batch's transaction is not on chain: the balance is a drift again.
    const job = await t.storage.mint.getJob(entry?.mintJobId as string)
    await t.database.db
      .updateTable('mint_transactions')
      .set({ tx_hash: `0x${randomBytes(32).toString('hex')}` })
      .where('batch_id', '=', job?.batchId as string)
      .execute()
    const drift = await reconcileLedger(ctx, { brandId: cafe })
    expect(drift).toMatchObject({ ok: false, settlingEntries: 0 })
    expect(drift.balanceDrifts).toEqual([
      expect.objectContaining({ walletAddress: c1, ledgerWei: '0', unconfirmedWei: entry?.amountWei }),
    ])
  })
})
