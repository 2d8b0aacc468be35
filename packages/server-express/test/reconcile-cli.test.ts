import { randomBytes } from 'node:crypto'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import { type Address, createWalletClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJson } from './helpers/post-json'
import { queryTestDatabase } from './helpers/query-test-database'
import { runCliHere } from './helpers/run-cli-here'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://shop.example'

describe.each(testDialects)('loyaltykit reconcile on $dialect', ({ create }) => {
  let db: TestDatabase
  let env: Record<string, string | undefined>
  let brandId: string
  let otherBrandId: string
  const wallets: string[] = []

  const cli = (...args: string[]) => runCliHere(['reconcile', ...args], env)
  /** The server on this database, running `fn`, then stopped (one process runs the embedded chain). */
  async function withServer(fn: (s: TestServer) => Promise<void>) {
    const s = await startTestServer(db, { LOYALTYKIT_MINT_WAIT_MS: '20000' })
    try {
      await fn(s)
    } finally {
      await s.close()
    }
  }

  beforeAll(async () => {
    db = await create()
    env = { LOYALTYKIT_DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl, NODE_ENV: 'test' }
    await withServer(async (s) => {
      brandId = (await s.runtime.engine.brands.create({ name: 'Shop', websites: [SITE] })).brand.id
      otherBrandId = (await s.runtime.engine.brands.create({ name: 'Cafe', websites: [] })).brand.id
      for (let i = 0; i < 3; i++) {
        const res = await postJson(s.base, '/loyalty-api/manual-event', {
          brandId,
          eventType: 'account_creation',
          userEmail: `m${i}@example.com`,
          domain: 'shop.example',
        })
        expect(res.status).toBe(200)
        const body = (await res.json()) as { walletAddress: string; transactionHash: string | null }
        expect(body.transactionHash).toMatch(/^0x/)
        wallets.push(body.walletAddress)
      }
    })
  }, 120_000)
  afterAll(async () => {
    await db?.drop()
  })

  it('exits 0 when the ledger and the chain agree, with plain progress lines off a terminal', async () => {
    const run = await cli()
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/^reconcile: 3\/3 wallets, 3 entries checked$/m)
    expect(run.stdout).toContain('Reconciled 3 wallets (every wallet) and 3 confirmed entries')
    expect(run.stdout).toContain('No drift.')
    const json = await cli('--json')
    expect(json.code).toBe(0)
    expect(json.json()).toMatchObject({ ok: true, wallets: 3, entriesChecked: 3, balanceDrifts: [], entryDrifts: [] })
    expect(json.stdout).not.toContain('reconcile:')
  })

  it('exits 1 and lists a mint sent outside the ledger and an entry whose log does not match', async () => {
    await withServer(async (s) => {
      const chain = s.runtime.chain
      if (!chain) throw new Error('no chain')
      const minter = createWalletClient({
        account: chain.minter,
        transport: chain.transport,
        chain: chain.publicClient.chain,
      })
      const hash = await minter.writeContract({
        address: chain.contracts.pointsToken,
        abi: pointsTokenAbi,
        functionName: 'mintBatch',
        args: [`0x${randomBytes(32).toString('hex')}`, [wallets[0] as Address], [7n * 10n ** 18n]],
        chain: chain.publicClient.chain,
        gas: 200_000n,
      })
      expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    })
    const [tampered] = await queryTestDatabase<{ id: string }>(
      db,
      'SELECT id FROM ledger_entries WHERE wallet_address = ?',
      [wallets[1]],
    )
    await queryTestDatabase(db, 'UPDATE ledger_entries SET log_index = 999 WHERE id = ?', [tampered?.id])

    const json = await cli('--json')
    expect(json.code).toBe(1)
    const report = json.json()
    expect(report.ok).toBe(false)
    expect(report.balanceDrifts).toEqual([
      {
        walletAddress: wallets[0],
        ledgerWei: (100n * 10n ** 18n).toString(),
        chainWei: (107n * 10n ** 18n).toString(),
        differenceWei: (7n * 10n ** 18n).toString(),
        unconfirmedWei: '0',
      },
    ])
    expect(report.entryDrifts).toEqual([
      expect.objectContaining({
        entryId: tampered?.id,
        walletAddress: wallets[1],
        logIndex: 999,
        problem: 'no log 999 in the transaction',
      }),
    ])

    const human = await cli()
    expect(human.code).toBe(1)
    expect(human.stdout).toContain(
      'DRIFT: 1 wallet(s) whose balance is not their ledger sum, 1 entry their transaction does not show.',
    )
    expect(human.stdout).toMatch(new RegExp(`${wallets[0]}\\s+100\\s+107\\s+\\+7\\s+0`))
    expect(human.stdout).toMatch(
      new RegExp(`${tampered?.id}\\s+reward\\s+${wallets[1]}\\s+0x[0-9a-f]{64}\\s+999\\s+no log 999`),
    )

    // A brand none of these wallets has an entry at: nothing to compare, exit 0.
    const other = await cli('--brand', otherBrandId, '--json')
    expect(other.code).toBe(0)
    expect(other.json()).toMatchObject({ ok: true, brandId: otherBrandId, wallets: 0 })
    expect((await cli('--brand', brandId.toUpperCase().replace('0X', '0x'), '--json')).code).toBe(1)
  })

  it('refuses a bad brand id in one line', async () => {
    const bad = await cli('--brand', 'shop')
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/^loyaltykit: Invalid reconcile parameters \(brandId: /)
  })
})
