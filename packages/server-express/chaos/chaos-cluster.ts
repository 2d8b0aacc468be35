import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, serveChain, serverEnvOf } from '../test/helpers/chain-serve-process'
import { cliEnv, type RunningCli, startCliProcess, stopCliProcess } from '../test/helpers/cli-process'
import { IP_LIMITS_OFF } from '../test/helpers/ip-limits-off'
import { runCliHere } from '../test/helpers/run-cli-here'
import type { TestDatabase } from '../test/helpers/test-databases'
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy'

/** The brand's website: relays and events come from it. */
export const CHAOS_SITE = 'https://chaos.example'

/** One start of a server process: its pid, what it logged, when it started and (if so) was killed. */
export type ServerIncarnation = { slot: number; pid: number; process: RunningCli; startedAt: number; killedAt?: number }

export type ChaosCluster = {
  db: TestDatabase
  proxy: RoundRobinProxy
  /** Each server's own URL (fixed port per slot, kept across restarts). */
  bases: string[]
  /** Every start of every slot, in order. */
  incarnations: ServerIncarnation[]
  /** The environment every server (and the CLI) runs with. */
  env: NodeJS.ProcessEnv
  rpcUrl: string
  pointsToken: `0x${string}`
  perkCollection: `0x${string}`
  brand: { id: string; apiKey: string; securityKey: string }
  /** A free perk without limits (relays claim it). */
  freePerkId: number
  /** A free perk with 3 charges, at most one per user (redemptions). */
  chargesPerkId: number
  /** SIGKILL of the slot's live process; resolves once it is gone. */
  kill(slot: number): Promise<void>
  /** Starts the slot again (same port, same environment); resolves once it listens. */
  restart(slot: number): Promise<void>
  /** Stops every process (SIGTERM, SIGKILL past 15 s), the chain and the proxy; removes the chain's folder. */
  stop(): Promise<void>
}

export type ChaosClusterOptions = {
  processes?: number
  /** Server variables on top of the cluster's (e.g. `LOYALTYKIT_PREGENERATION_PER_MINUTE`). */
  serverEnv?: Record<string, string>
}

const listeningOn = /\/loyalty-api\/health/

/**
 * Several `loyaltykit start` processes on one database (`db`, PostgreSQL) and one dev chain
 * (`loyaltykit chain serve`, its own SQLite folder), behind a round-robin proxy on loopback, with a
 * brand ({@link CHAOS_SITE}) and two free perks created by the CLI before the servers start.
 */
export async function startChaosCluster(db: TestDatabase, options: ChaosClusterOptions = {}): Promise<ChaosCluster> {
  const count = options.processes ?? 3
  const chainDir = await mkdtemp(join(tmpdir(), 'lk-chaos-chain-'))
  const live: Array<RunningCli | undefined> = []
  const incarnations: ServerIncarnation[] = []
  let chain: RunningCli | undefined
  let proxy: RoundRobinProxy | undefined
  const stopAll = async () => {
    await proxy?.close()
    await Promise.all(
      [...live, chain].map((p) => (p && p.child.exitCode === null ? stopCliProcess(p).catch(() => null) : null)),
    )
    await rm(chainDir, { recursive: true, force: true })
  }
  try {
    chain = await serveChain(
      await freePort(),
      cliEnv({ LOYALTYKIT_DATA_DIR: chainDir, LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex') }),
    )
    const chainVars = serverEnvOf(chain.stdout())
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()))
    // Per-IP limits off: every client comes through one proxy from one address.
    const env = cliEnv({
      ...chainVars,
      ...IP_LIMITS_OFF,
      LOYALTYKIT_DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'),
      LOYALTYKIT_DEMO_BRAND: 'false',
      LOYALTYKIT_TRUST_PROXY: 'loopback',
      LOYALTYKIT_MINT_WAIT_MS: '20000',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...options.serverEnv,
    })
    const cli = async (args: string[]) => {
      const run = await runCliHere([...args, '--json'], env)
      if (run.code !== 0) throw new Error(`loyaltykit ${args.join(' ')}: ${run.stderr}`)
      return run.json()
    }
    const created = await cli(['brand', 'create', '--name', 'Chaos', '--website', CHAOS_SITE])
    const brandId: string = created.brand.id
    const perk = (args: string[]) => cli(['perk', 'create', '--brand', brandId, ...args])
    const freePerk = await perk(['--name', 'Sticker', '--price', '0'])
    const chargesPerk = await perk(['--name', 'Coffee', '--price', '0', '--max-per-user', '1', '--charges', '3'])

    const start = async (slot: number) => {
      const server = await startCliProcess(['start'], { ...env, PORT: String(ports[slot]) }, listeningOn, 180_000)
      live[slot] = server
      incarnations.push({ slot, pid: server.child.pid as number, process: server, startedAt: Date.now() })
    }
    // One at a time: each migrates and takes its leases; starting them together only slows them on a busy machine.
    for (let slot = 0; slot < count; slot++) await start(slot)
    proxy = await startRoundRobinProxy(ports)

    return {
      db,
      proxy,
      bases: ports.map((p) => `http://127.0.0.1:${p}`),
      incarnations,
      env,
      rpcUrl: chainVars.LOYALTYKIT_RPC_URL as string,
      pointsToken: chainVars.LOYALTYKIT_POINTS_TOKEN_ADDRESS as `0x${string}`,
      perkCollection: chainVars.LOYALTYKIT_PERK_COLLECTION_ADDRESS as `0x${string}`,
      brand: { id: brandId, apiKey: created.keys.apiKey, securityKey: created.keys.securityKey },
      freePerkId: freePerk.collectionId,
      chargesPerkId: chargesPerk.collectionId,
      async kill(slot) {
        const server = live[slot]
        if (!server || server.child.exitCode !== null) return
        const incarnation = incarnations.findLast((i) => i.process === server)
        if (incarnation) incarnation.killedAt = Date.now()
        server.child.kill('SIGKILL')
        await server.exited
        live[slot] = undefined
      },
      restart: start,
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}
