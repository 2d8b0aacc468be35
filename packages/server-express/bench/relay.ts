/**
 * Relayer benchmark on the embedded chain: `pnpm bench:relay [-- --tx 3000 --concurrency 64 --runs 3]`.
 *
 * The whole server (`startServer`: storage, embedded EDR chain, minter, HTTP on a free port) serves
 * `POST /relay` over HTTP. Users log in (local identity provider); each relayed transaction is a
 * `claimFor` of a free perk for the requesting user, with no gasLimit (the relayer estimates it;
 * `--gas-limit N` sends one, and the relayer then only simulates the call),
 * sent by `--concurrency` clients in flight; at most 30 per user (the 35/h limit holds).
 * Printed: relayed transactions per second (all confirmed on chain), latency p50/p90/p99/max, the
 * relay sender's groups (`--runs N`: N measurements on the same server, fresh users each, and their
 * median — this machine's figures move ±10 % from run to run); then the baseline: raw signed transactions sent one after another straight
 * to the same chain (no HTTP, no checks, no storage of ours) — the chain's own ceiling.
 * Storage: SQLite in a temp folder, or DATABASE_URL (a fresh database is created and dropped).
 */
import { parseArgs } from 'node:util'
import { Worker } from 'node:worker_threads'
import { perkCollectionAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import { relaySenderOf } from '@loyaltykit/engine/testing'
import { type Address, encodeFunctionData, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { loadConfig } from '../src/config/load-config'
import { createLogger } from '../src/logging/create-logger'
import { startServer } from '../src/runtime/start-server'
import { createBenchDatabase } from './support/bench-database'
import { latencySummary } from './support/latency-summary'

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    tx: { type: 'string', default: process.env.BENCH_TX ?? '3000' },
    concurrency: { type: 'string', default: process.env.BENCH_CONCURRENCY ?? '64' },
    baseline: { type: 'string', default: process.env.BENCH_BASELINE ?? '1000' },
    /** Send this gasLimit with every relay (the relayer then simulates with eth_call instead of estimating). */
    'gas-limit': { type: 'string', default: process.env.BENCH_GAS_LIMIT ?? '' },
    /** Measure this many times on the same server (fresh users each time) and print the median. */
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '3' },
  },
})
const RUNS = Math.max(1, Number(values.runs))
const TX = Number(values.tx)
const CONCURRENCY = Number(values.concurrency)
const BASELINE = Number(values.baseline)
const PER_USER = 30
const GAS_LIMIT = values['gas-limit'] ? Number(values['gas-limit']) : undefined

/** The load generator (plain JS, evaluated in a worker thread): `concurrency` requests in flight. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads')
const { base, requests, concurrency } = workerData
;(async () => {
  const latencies = []
  const hashes = []
  const errors = []
  let failures = 0
  let next = 0
  const started = performance.now()
  const cpuStart = process.threadCpuUsage()
  await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, async () => {
    for (;;) {
      const r = requests[next++]
      if (!r) return
      const t0 = performance.now()
      const res = await fetch(base + '/relay', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ' + r.token, origin: 'https://bench.example' },
        body: r.body,
      })
      const body = await res.json()
      latencies.push(performance.now() - t0)
      if (res.status === 200 && body.status === 'confirmed') hashes.push(body.transactionHash)
      else if (failures++ < 3) errors.push(res.status + ' ' + JSON.stringify(body).slice(0, 300))
    }
  }))
  const cpu = process.threadCpuUsage(cpuStart)
  parentPort.postMessage({ seconds: (performance.now() - started) / 1000, latencies, hashes, failures, errors, clientCpuMs: (cpu.user + cpu.system) / 1000 })
})()
`

const {
  dataDir,
  databaseUrl,
  drop: dropDatabase,
} = await createBenchDatabase('lk-bench-relay-', process.env.DATABASE_URL)

const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  LOYALTYKIT_DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  LOYALTYKIT_DEMO_BRAND: 'false',
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  LOYALTYKIT_RELAYER_IP_PER_MINUTE: '100000000',
})
const server = await startServer({ config, logger: createLogger({ level: 'silent' }) })
const base = `http://127.0.0.1:${server.port}`
const engine = server.runtime.engine
const chain = server.runtime.chain
if (!chain) throw new Error('no chain')

try {
  const { brand } = await engine.brands.create({ name: 'Bench', websites: ['https://bench.example'] })
  const perk = await engine.perks.create({ brandId: brand.id, name: 'Free sticker', price: 0 })
  const users = await Promise.all(
    Array.from({ length: Math.ceil((TX * RUNS + 100) / PER_USER) }, (_, i) =>
      engine.identity.devLogin({ email: `bench${i}@example.com` }),
    ),
  )
  const requests = (count: number, offset: number) =>
    Array.from({ length: count }, (_, i) => {
      const user = users[Math.floor((offset + i) / PER_USER) % users.length] as (typeof users)[number]
      return {
        token: user.accessToken,
        body: JSON.stringify({
          to: chain.contracts.perkCollection,
          data: encodeFunctionData({
            abi: perkCollectionAbi,
            functionName: 'claimFor',
            args: [user.walletAddress as Address, BigInt(perk.collectionId)],
          }),
          userAddress: user.walletAddress,
          ...(GAS_LIMIT === undefined ? {} : { gasLimit: GAS_LIMIT }),
        }),
      }
    })

  /** The HTTP clients run in a worker thread, so the server's event loop is the server's alone. */
  async function run(list: ReturnType<typeof requests>) {
    const worker = new Worker(CLIENT, { eval: true, workerData: { base, requests: list, concurrency: CONCURRENCY } })
    const out = await new Promise<{
      seconds: number
      latencies: number[]
      hashes: Hex[]
      failures: number
      errors: string[]
      clientCpuMs: number
    }>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    })
    await worker.terminate()
    for (const e of out.errors) console.error('relay failed', e)
    const { p50, p90, p99, max } = latencySummary(out.latencies)
    return {
      seconds: out.seconds,
      hashes: out.hashes,
      failures: out.failures,
      clientCpuMs: out.clientCpuMs,
      p50,
      p90,
      p99,
      max,
    }
  }

  await run(requests(100, TX * RUNS)) // warm-up (JIT, caches, first recovery)
  const f = (n: number) => n.toFixed(1)
  console.log(`relayer benchmark (${server.runtime.storage.dialect}, embedded EDR chain, HTTP on loopback)`)
  const throughputs: number[] = []
  for (let k = 0; k < RUNS; k++) {
    if (RUNS > 1) console.log(`  run ${k + 1} of ${RUNS}`)
    const before = relaySenderOf(engine.ctx).stats()
    const cpuBefore = process.threadCpuUsage()
    const processCpuBefore = process.cpuUsage()
    const result = await run(requests(TX, k * TX))
    const cpu = process.threadCpuUsage(cpuBefore)
    const processCpu = process.cpuUsage(processCpuBefore)
    const after = relaySenderOf(engine.ctx).stats()
    // Every answered hash is mined and succeeded.
    const sample = result.hashes.filter((_, i) => i % 50 === 0)
    for (const hash of sample) {
      const receipt = await chain.publicClient.getTransactionReceipt({ hash })
      if (receipt.status !== 'success') throw new Error(`transaction ${hash} did not succeed`)
    }
    const groups = after.groups - before.groups
    const throughput = result.hashes.length / result.seconds
    throughputs.push(throughput)
    console.log(
      `  relayed:      ${result.hashes.length}/${TX} confirmed, ${result.failures} failed, concurrency ${CONCURRENCY}, ${GAS_LIMIT === undefined ? 'gas estimated by the relayer' : `gasLimit ${GAS_LIMIT} given`}`,
    )
    console.log(`  throughput:   ${f(throughput)} relayed tx/s (${f(result.seconds)} s)`)
    console.log(
      `  latency ms:   p50 ${f(result.p50)}  p90 ${f(result.p90)}  p99 ${f(result.p99)}  max ${f(result.max)}`,
    )
    const mainMs = (cpu.user + cpu.system) / 1000 / TX
    const serverMs = ((processCpu.user + processCpu.system) / 1000 - result.clientCpuMs) / TX
    console.log(
      `  cpu per tx:   server ${serverMs.toFixed(2)} ms (main thread ${mainMs.toFixed(2)} ms, the rest EDR and I/O threads); load clients ${(result.clientCpuMs / TX).toFixed(2)} ms`,
    )
    console.log(
      `  capacity:     ${f(1000 / mainMs)} tx/s if the main thread had a core to itself; ${f(2000 / serverMs)} tx/s on 2 idle cores without the load clients`,
    )
    console.log(
      `  sender:       ${groups} groups, ${f((after.sent - before.sent) / Math.max(1, groups))} tx/group, largest ${after.largestGroup}, ${after.requeued - before.requeued} re-signed`,
    )
  }
  if (RUNS > 1) {
    const sorted = [...throughputs].sort((a, b) => a - b)
    const median = sorted[Math.floor((sorted.length - 1) / 2)] as number
    console.log(
      `  median:       ${f(median)} relayed tx/s over ${RUNS} runs (min ${f(sorted[0] as number)}, max ${f(sorted.at(-1) as number)})`,
    )
  }

  // Baseline: a funded fresh key sends raw signed transactions (ERC-20 approve) one after another.
  const account = privateKeyToAccount(generatePrivateKey())
  await chain.publicClient.request({
    method: 'hardhat_setBalance' as never,
    params: [account.address, '0x3635c9adc5dea00000'] as never,
  })
  const fees = { maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }
  let nonce = 0
  const data = encodeFunctionData({ abi: pointsTokenAbi, functionName: 'approve', args: [account.address, 1n] })
  const t0 = performance.now()
  for (let i = 0; i < BASELINE; i++) {
    const raw = await account.signTransaction({
      chainId: chain.chainId,
      type: 'eip1559',
      to: chain.contracts.pointsToken,
      data,
      nonce: nonce++,
      gas: 60_000n,
      ...fees,
    })
    await chain.publicClient.request({ method: 'eth_sendRawTransaction', params: [raw] })
  }
  const baselineSeconds = (performance.now() - t0) / 1000
  console.log(
    `  baseline:     ${f(BASELINE / baselineSeconds)} raw tx/s signed and sent one by one straight to the chain (${BASELINE} tx)`,
  )
} finally {
  await server.close()
  await dropDatabase()
}
