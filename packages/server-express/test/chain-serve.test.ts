import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import { type Address, createPublicClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, serveChain, serverEnvOf } from './helpers/chain-serve-process'
import { cliEnv, type RunningCli, runCliProcess, startCliProcess, stopCliProcess } from './helpers/cli-process'
import { queryTestDatabase } from './helpers/query-test-database'
import { runCliHere } from './helpers/run-cli-here'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const TOKEN = 10n ** 18n

describe.each(testDialects)('loyaltykit chain serve shared by two servers on one $dialect database', ({ create }) => {
  let db: TestDatabase
  let chainDir: string
  let port: number
  let chainEnv: NodeJS.ProcessEnv
  const running: RunningCli[] = []
  let serverEnv: Record<string, string>
  const wallets: Address[] = []

  beforeAll(async () => {
    db = await create()
    chainDir = await mkdtemp(join(tmpdir(), 'lk-chain-serve-'))
    port = await freePort()
    chainEnv = cliEnv({ LOYALTYKIT_DATA_DIR: chainDir, LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex') })
  })
  afterAll(async () => {
    for (const p of running) if (p.child.exitCode === null) p.child.kill('SIGKILL')
    await db?.drop()
    await rm(chainDir, { recursive: true, force: true })
  })

  const rpc = (url: string) => createPublicClient({ transport: http(url) })
  const balanceOf = (url: string, token: Address, wallet: Address) =>
    rpc(url).readContract({ address: token, abi: pointsTokenAbi, functionName: 'balanceOf', args: [wallet] })
  const totalSupply = (url: string, token: Address) =>
    rpc(url).readContract({ address: token, abi: pointsTokenAbi, functionName: 'totalSupply' })

  it('prints the chain id, URL, contracts, keys (dev only) and the env; two servers minting through it mint once each', async () => {
    const chain = await serveChain(port, chainEnv)
    running.push(chain)
    const banner = chain.stdout()
    const url = `http://127.0.0.1:${port}`
    expect(banner).toContain(`dev chain listening on ${url}`)
    expect(banner).toMatch(/^ {2}chain id: 31337$/m)
    expect(banner).toContain('a new chain: contracts deployed')
    expect(banner).toMatch(/^Dev accounts \(funded, yours to use\):$/m)
    const devKeys = [
      ...banner.matchAll(/^ {2}#\d+\s+(0x[0-9a-fA-F]{40})\s+\(10000 ETH\)\s+private key (0x[0-9a-f]{64})$/gm),
    ]
    expect(devKeys).toHaveLength(10)
    expect(banner).toMatch(/^WARNING: DEVELOPMENT ONLY\./m)
    serverEnv = serverEnvOf(banner)
    expect(Object.keys(serverEnv).sort()).toEqual([
      'LOYALTYKIT_BUSINESS_ESCROW_ADDRESS',
      'LOYALTYKIT_MINTER_KEY',
      'LOYALTYKIT_PERK_COLLECTION_ADDRESS',
      'LOYALTYKIT_POINTS_SALE_ADDRESS',
      'LOYALTYKIT_POINTS_TOKEN_ADDRESS',
      'LOYALTYKIT_RELAYER_KEY',
      'LOYALTYKIT_RPC_URL',
    ])
    expect(serverEnv.LOYALTYKIT_RPC_URL).toBe(url)
    expect(banner).toContain(`  pointsToken     ${serverEnv.LOYALTYKIT_POINTS_TOKEN_ADDRESS}`)
    expect(banner).toMatch(new RegExp(`^ {2}minter .*private key ${serverEnv.LOYALTYKIT_MINTER_KEY}$`, 'm'))

    // A JSON-RPC node: the chain, its deployed token, a funded dev account.
    expect(await rpc(url).getChainId()).toBe(31337)
    const token = serverEnv.LOYALTYKIT_POINTS_TOKEN_ADDRESS as Address
    expect(await rpc(url).getCode({ address: token })).toMatch(/^0x[0-9a-f]{100,}/)
    expect(await rpc(url).getBalance({ address: devKeys[0]![1] as Address })).toBe(parseEther('10000'))
    expect(await totalSupply(url, token)).toBe(0n)

    // Two server processes on one database (and one data folder for the master key), pointed at it
    // with exactly the printed variables.
    const env = cliEnv({
      ...serverEnv,
      LOYALTYKIT_DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'),
      LOYALTYKIT_DEMO_BRAND: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
    })
    const created = await runCliHere(
      ['brand', 'create', '--name', 'Shared', '--website', 'https://shared.example', '--json'],
      env,
    )
    expect(created.stderr).toBe('')
    const brandId: string = created.json().brand.id
    const servers = await Promise.all(
      [1, 2].map(() => startCliProcess(['start'], env, /\/loyalty-api\/health/, 120_000)),
    )
    running.push(...servers)
    const bases = servers.map((s) => {
      expect(s.stdout()).toContain('chain:    JSON-RPC (chain id 31337)')
      return `http://127.0.0.1:${/listening on http:\/\/localhost:(\d+)/.exec(s.stdout())?.[1]}`
    })

    const reward = async (base: string, email: string) => {
      const res = await fetch(`${base}/loyalty-api/manual-event`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ brandId, eventType: 'account_creation', userEmail: email, domain: 'shared.example' }),
      })
      const body = await res.json()
      expect(res.status, JSON.stringify(body)).toBe(200)
      return body as { rewardAmount: number; walletAddress: Address; transactionHash: string }
    }
    const rewards = await Promise.all([
      reward(bases[0]!, 'ann@example.com'),
      reward(bases[1]!, 'bob@example.com'),
      reward(bases[0]!, 'cid@example.com'),
      reward(bases[1]!, 'dee@example.com'),
    ])
    for (const r of rewards) {
      expect(r).toMatchObject({ rewardAmount: 100 })
      expect(r.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
      const receipt = await rpc(url).getTransactionReceipt({ hash: r.transactionHash as `0x${string}` })
      expect(receipt.status).toBe('success')
      expect(await balanceOf(url, token, r.walletAddress)).toBe(100n * TOKEN)
      wallets.push(r.walletAddress)
    }
    expect(new Set(wallets).size).toBe(4)
    // Minted once each: nothing else on the token, one confirmed job per reward.
    expect(await totalSupply(url, token)).toBe(400n * TOKEN)
    const jobs = await queryTestDatabase<{ status: string }>(db, 'select status from mint_jobs')
    expect(jobs.map((j) => j.status)).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed'])

    for (const s of servers) expect(await stopCliProcess(s)).toBe(0)
  }, 400_000)

  it('a second `chain serve` on the same data folder is refused clearly, and the first keeps serving', async () => {
    const second = await runCliProcess(['chain', 'serve', '--port', String(await freePort())], chainEnv, 60_000)
    expect(second.code).toBe(1)
    expect(second.stdout).toBe('')
    const lines = second.stderr.split('\n').filter((l) => l.startsWith('loyaltykit:'))
    expect(lines).toEqual([
      `loyaltykit: the embedded chain of this data folder is running in another process (it holds ${join(chainDir, 'embedded-chain.lock')}); stop it, or use LOYALTYKIT_RPC_URL to share one chain`,
    ])
    expect(await rpc(`http://127.0.0.1:${port}`).getChainId()).toBe(31337)
  }, 120_000)

  it('stopped and started again: the same chain, balances still there (journal replayed)', async () => {
    const [first] = running
    expect(await stopCliProcess(first!)).toBe(0)
    const url = `http://127.0.0.1:${port}`
    await expect(rpc(url).getChainId()).rejects.toThrow()

    const again = await serveChain(port, chainEnv)
    running.push(again)
    expect(again.stdout()).toMatch(/\(\d+ journal entries replayed, block \d+\)/)
    expect(serverEnvOf(again.stdout())).toEqual(serverEnv)
    const token = serverEnv.LOYALTYKIT_POINTS_TOKEN_ADDRESS as Address
    for (const wallet of wallets) expect(await balanceOf(url, token, wallet)).toBe(100n * TOKEN)
    expect(await totalSupply(url, token)).toBe(400n * TOKEN)
    expect(await stopCliProcess(again)).toBe(0)
  }, 200_000)
})

describe('loyaltykit chain serve: where it cannot run', () => {
  it('a port in use, or LOYALTYKIT_RPC_URL set: one line, exit 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lk-chain-serve-'))
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const { port } = taken.address() as { port: number }
    try {
      const env = cliEnv({ LOYALTYKIT_DATA_DIR: dir, LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex') })
      const [inUse, rpcSet] = await Promise.all([
        runCliProcess(['chain', 'serve', '--port', String(port)], env, 60_000),
        runCliProcess(
          ['chain', 'serve'],
          { ...env, LOYALTYKIT_RPC_URL: 'http://127.0.0.1:1', LOYALTYKIT_MINTER_KEY: `0x${'11'.repeat(32)}` },
          60_000,
        ),
      ])
      expect(inUse.code).toBe(1)
      expect(inUse.stderr.split('\n').filter((l) => l.startsWith('loyaltykit:'))).toEqual([
        `loyaltykit: cannot listen on 127.0.0.1:${port} (EADDRINUSE): choose another --port or --host`,
      ])
      expect(rpcSet.code).toBe(1)
      expect(rpcSet.stderr).toMatch(
        /^loyaltykit: invalid configuration: `loyaltykit chain serve` runs the embedded chain/m,
      )
    } finally {
      taken.close()
      await rm(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
