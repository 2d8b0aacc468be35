/**
 * Minting benchmark on the embedded chain: `pnpm bench:mint [-- --jobs 20000 --baseline 200 --batch 500]`.
 *
 * 1. Pipeline: N jobs (each to a fresh holder) are enqueued (transactions of 500 jobs), then a
 *    minter starts; the time from its start until every job is confirmed on chain → mints/s; gas
 *    per mint from the receipts of the batch transactions; batches used.
 * 2. Baseline: the same pipeline with one mint per transaction (maxBatchSize 1), small N.
 * 3. Restart: close the chain and open it again (replays the journal) → seconds.
 * Storage: SQLite in a temp folder, or DATABASE_URL (a fresh database is created and dropped).
 */
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { createAesGcmKeyVault, createEngine, type Storage, silentLogger } from '@loyaltykit/engine'
import { enqueueMint } from '@loyaltykit/engine/testing'
import type { Hash } from 'viem'
import { type OpenedChain, openChain } from '../src/chain/open-chain'
import { loadConfig } from '../src/config/load-config'
import { openStorage } from '../src/storage/open-storage'
import { createBenchDatabase } from './support/bench-database'

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    jobs: { type: 'string', default: process.env.BENCH_JOBS ?? '20000' },
    baseline: { type: 'string', default: process.env.BENCH_BASELINE ?? '200' },
    batch: { type: 'string', default: process.env.BENCH_BATCH ?? '500' },
    window: { type: 'string', default: '5' },
  },
})
const JOBS = Number(values.jobs)
const BASELINE = Number(values.baseline)
const BATCH = Number(values.batch)

const { dataDir, databaseUrl, drop: dropDatabase } = await createBenchDatabase('lk-bench-', process.env.DATABASE_URL)

const keyVault = createAesGcmKeyVault(randomBytes(32))
const storage: Storage = await openStorage({ databaseUrl, dataDir })
await storage.migrate()
const config = loadConfig({}).chain
let chain: OpenedChain = await openChain({ config, storage, keyVault, logger: silentLogger })
const engine = () => createEngine({ storage, keyVault, chain })

async function run(label: string, n: number, maxBatchSize: number) {
  const enqueueStarted = performance.now()
  for (let enqueued = 0; enqueued < n; ) {
    await storage.transaction(async (tx) => {
      for (let i = 0; i < 500 && enqueued < n; i++, enqueued++) {
        const to = `0x${randomBytes(20).toString('hex')}`
        await enqueueMint(tx, {
          idempotencyKey: `${label}:${enqueued}`,
          to,
          amount: 1 + (enqueued % 100),
          source: 'bench',
        })
      }
    })
  }
  const enqueueMs = performance.now() - enqueueStarted
  const minter = engine().mint.createMinter({ maxBatchSize, batchWindowMs: Number(values.window) })
  const started = performance.now()
  minter.start()
  await minter.drain({ timeoutMs: 600_000 })
  const ms = performance.now() - started
  await minter.stop()

  // Every batch of this run and the transaction that minted it; gas from their receipts.
  const batches = new Map<string, string>()
  for (let i = 0; i < n; i++) {
    const job = await storage.mint.getJobByKey(`${label}:${i}`)
    if (job?.batchId && job.txHash) batches.set(job.batchId, job.txHash)
  }
  let gas = 0n
  for (const hash of new Set(batches.values())) {
    gas += (await chain.publicClient.getTransactionReceipt({ hash: hash as Hash })).gasUsed
  }
  return {
    label,
    jobs: n,
    seconds: ms / 1000,
    mintsPerSecond: n / (ms / 1000),
    enqueuePerSecond: n / (enqueueMs / 1000),
    gasPerMint: Number(gas) / n,
    batches: batches.size,
  }
}

const main = await run('pipeline', JOBS, BATCH)
const pipelineRssMb = process.resourceUsage().maxRSS / 1024
const counts = await storage.mint.countJobs()
const batchesUsed = main.batches
const baseline = await run('baseline', BASELINE, 1)
const journalEntries = await storage.chainJournal.count('embedded')

await chain.close()
const restartStarted = performance.now()
chain = await openChain({ config, storage, keyVault, logger: silentLogger })
const restartSeconds = (performance.now() - restartStarted) / 1000
await chain.close()
await storage.close()
await dropDatabase()

const peakRssMb = process.resourceUsage().maxRSS / 1024
const report = {
  storage: databaseUrl ? 'postgres' : 'sqlite',
  jobs: JOBS,
  confirmed: counts.confirmed,
  mintsPerSecond: Math.round(main.mintsPerSecond),
  enqueuePerSecond: Math.round(main.enqueuePerSecond),
  seconds: Number(main.seconds.toFixed(2)),
  gasPerMintFreshHolder: Math.round(main.gasPerMint),
  batchesUsed,
  maxBatchSize: BATCH,
  baseline: {
    jobs: BASELINE,
    mintsPerSecond: Math.round(baseline.mintsPerSecond),
    gasPerMintFreshHolder: Math.round(baseline.gasPerMint),
  },
  restart: { journalEntries, seconds: Number(restartSeconds.toFixed(2)) },
  peakRssMb: { pipeline: Math.round(pipelineRssMb), withRestart: Math.round(peakRssMb) },
}
console.log(`
minting benchmark (embedded EDR chain, ${report.storage})
  pipeline   ${JOBS} jobs → ${report.mintsPerSecond} mints/s (all confirmed in ${report.seconds} s; enqueued at ${report.enqueuePerSecond}/s before)
             ${report.gasPerMintFreshHolder} gas per mint to a fresh holder, ${batchesUsed} batches (max ${BATCH} per tx)
  baseline   ${BASELINE} jobs, one mint per transaction → ${report.baseline.mintsPerSecond} mints/s, ${report.baseline.gasPerMintFreshHolder} gas per mint
  restart    ${journalEntries} journal entries replayed in ${report.restart.seconds} s
  peak RSS   ${report.peakRssMb.pipeline} MB after the pipeline, ${report.peakRssMb.withRestart} MB with the baseline and the restart
`)
console.log(JSON.stringify(report))
