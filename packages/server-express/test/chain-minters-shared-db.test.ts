import { randomBytes } from 'node:crypto'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import { createAesGcmKeyVault, type Storage, silentLogger } from '@loyaltykit/engine'
import { enqueueMint } from '@loyaltykit/engine/testing'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEmbeddedAccountKeys } from '../src/chain/embedded-chain-settings'
import { rpcContractsSetting } from '../src/chain/rpc-contract-addresses'
import { serveJsonRpc } from '../src/chain/serve-json-rpc'
import { type EmbeddedChain, startEmbeddedChain } from '../src/chain/start-embedded-chain'
import { openStorage } from '../src/storage/open-storage'
import { type MinterProcess, spawnMinterProcess } from './chain-minter-process'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const WEI = 10n ** 18n
const JOBS = 2000

/**
 * Several minter processes share one database and one chain (served over JSON-RPC). Only the lease
 * holder mints; when it is killed another takes over. Jobs keep arriving all along. Every job must
 * be minted exactly once.
 */
describe.each(testDialects)('minter processes sharing one $dialect database', (dialect) => {
  let database: TestDatabase
  let storage: Storage
  let chain: EmbeddedChain
  let rpc: { url: string; close(): Promise<void> }
  const masterKey = randomBytes(32)

  beforeAll(async () => {
    database = await dialect.create()
    storage = await openStorage({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })
    await storage.migrate()
    const keyVault = createAesGcmKeyVault(masterKey)
    chain = await startEmbeddedChain({ storage, keyVault, logger: silentLogger })
    await storage.settings.set(rpcContractsSetting(chain.chainId), JSON.stringify(chain.contracts))
    rpc = await serveJsonRpc({ provider: chain.provider, port: 0 })
  })
  afterAll(async () => {
    await rpc?.close()
    await chain?.close()
    await storage?.close()
    await database?.drop()
  })

  it('never double-mints: one lease holder at a time, a killed holder is replaced, all jobs minted once', async () => {
    const keys = await loadEmbeddedAccountKeys(storage, createAesGcmKeyVault(masterKey), 'embedded')
    const env = {
      LK_DATABASE_URL: database.databaseUrl ?? '',
      LK_DATA_DIR: database.dataDir,
      LK_MASTER_KEY: masterKey.toString('hex'),
      LK_RPC_URL: rpc.url,
      LK_MINTER_KEY: keys.minter,
      LK_BATCH_SIZE: '50',
      LK_LEASE_TTL_MS: '3000',
    }
    const events: Array<{ at: number; pid: number; held: boolean }> = []
    const watch = (p: MinterProcess) => {
      p.child.stdout?.on('data', () => {
        for (const line of p.lines.splice(0)) {
          if (line.event === 'lease') events.push({ at: Date.now(), pid: Number(line.pid), held: Boolean(line.held) })
        }
      })
      return p
    }
    const a = watch(spawnMinterProcess(env))
    const b = watch(spawnMinterProcess(env))

    const recipients = Array.from({ length: 500 }, () => `0x${randomBytes(20).toString('hex')}` as Address)
    const expected = new Map<string, bigint>()
    let enqueued = 0
    const enqueueSome = async (n: number) => {
      await storage.transaction(async (tx) => {
        for (let i = 0; i < n && enqueued < JOBS; i++, enqueued++) {
          const to = recipients[enqueued % recipients.length]!
          const amount = 1 + (enqueued % 7)
          await enqueueMint(tx, { idempotencyKey: `shared:${enqueued}`, to, amount, source: 'test' })
          expected.set(to, (expected.get(to) ?? 0n) + BigInt(amount) * WEI)
        }
      })
    }

    // Jobs arrive while the minters run; once a third is minted, kill the lease holder.
    let killedAt = 0
    let killedPid = 0
    let c: MinterProcess | undefined
    const deadline = Date.now() + 90_000
    for (;;) {
      if (enqueued < JOBS) await enqueueSome(40)
      const counts = await storage.mint.countJobs()
      if (!killedAt && counts.confirmed >= JOBS / 3) {
        const holder = [...events].reverse().find((e) => e.held)
        expect(holder).toBeDefined()
        const victim = [a, b].find((p) => p.child.pid === holder!.pid)!
        victim.child.kill('SIGKILL')
        await victim.exited
        killedAt = Date.now()
        killedPid = holder!.pid
        c = watch(spawnMinterProcess(env))
      }
      if (enqueued === JOBS && counts.confirmed === JOBS) break
      if (Date.now() > deadline) throw new Error(`not drained: ${JSON.stringify(counts)}`)
      await new Promise((r) => setTimeout(r, 15))
    }

    // Only one holder at a time: the lease passed once, after the kill.
    const acquisitions = events.filter((e) => e.held)
    expect(acquisitions.length).toBeGreaterThanOrEqual(2)
    expect(acquisitions[0]!.pid).toBe(killedPid)
    for (const later of acquisitions.slice(1)) {
      expect(later.pid).not.toBe(killedPid)
      expect(later.at).toBeGreaterThanOrEqual(killedAt)
    }

    const token = { address: chain.contracts.pointsToken, abi: pointsTokenAbi } as const
    for (const [to, amount] of expected) {
      expect(
        await chain.publicClient.readContract({ ...token, functionName: 'balanceOf', args: [to as Address] }),
      ).toBe(amount)
    }
    const total = [...expected.values()].reduce((x, y) => x + y, 0n)
    expect(await chain.publicClient.readContract({ ...token, functionName: 'totalSupply' })).toBe(total)
    const logs = await chain.publicClient.getContractEvents({ ...token, eventName: 'BatchMinted', fromBlock: 0n })
    expect(logs.reduce((n, l) => n + Number(l.args.count), 0)).toBe(JOBS)
    expect(new Set(logs.map((l) => l.args.batchId)).size).toBe(logs.length)

    for (const p of [a, b, c]) p?.child.kill('SIGKILL')
    await Promise.all([a.exited, b.exited, c?.exited])
  })
})
