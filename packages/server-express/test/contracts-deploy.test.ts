import { randomBytes } from 'node:crypto'
import { MINTER_ROLE, pointsTokenAbi } from '@loyaltykit/contracts'
import { createPublicClient, custom, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, runCliProcess, spawnCli } from './helpers/cli-process'
import { type EdrRpcServer, startEdrRpcServer } from './helpers/edr-rpc-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const sqlite = testDialects[0]!

describe('loyaltykit contracts deploy (JSON-RPC chain)', () => {
  let rpc: EdrRpcServer
  let db: TestDatabase
  let env: NodeJS.ProcessEnv
  const deployerKey = generatePrivateKey()
  const minterKey = generatePrivateKey()

  beforeAll(async () => {
    rpc = await startEdrRpcServer([deployerKey, minterKey])
    db = await sqlite.create()
    env = cliEnv({
      LOYALTYKIT_DATA_DIR: db.dataDir,
      LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'),
      LOYALTYKIT_RPC_URL: rpc.url,
      LOYALTYKIT_DEPLOYER_KEY: deployerKey,
      LOYALTYKIT_MINTER_KEY: minterKey,
    })
  })
  afterAll(async () => {
    await rpc?.close()
    await db?.drop()
  })

  it('refuses without LOYALTYKIT_RPC_URL, in one line', async () => {
    const r = await runCliProcess(['contracts', 'deploy'], { ...env, LOYALTYKIT_RPC_URL: '' })
    expect(r.code).toBe(1)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toContain('LOYALTYKIT_RPC_URL is required')
  })

  it('deploys to the RPC chain, grants the minter its role, stores the addresses for start', async () => {
    const r = await runCliProcess(['contracts', 'deploy', '--json'], env, 60_000)
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as {
      chainId: number
      deployer: Hex
      relayer: Hex
      contracts: Record<string, Hex>
    }
    expect(out.chainId).toBe(31337)
    expect(out.deployer).toBe(privateKeyToAccount(deployerKey).address)
    // No LOYALTYKIT_RELAYER_KEY: the relayer account is the minter's.
    expect(out.relayer).toBe(privateKeyToAccount(minterKey).address)
    expect(Object.keys(out.contracts).sort()).toEqual(['businessEscrow', 'perkCollection', 'pointsSale', 'pointsToken'])

    const client = createPublicClient({ transport: custom(rpc.provider) })
    for (const address of Object.values(out.contracts)) {
      expect((await client.getCode({ address }))?.length ?? 0).toBeGreaterThan(2)
    }
    const minterHasRole = await client.readContract({
      address: out.contracts.pointsToken as Hex,
      abi: pointsTokenAbi,
      functionName: 'hasRole',
      args: [MINTER_ROLE, privateKeyToAccount(minterKey).address],
    })
    expect(minterHasRole).toBe(true)

    // A second deploy would orphan the first token: refused without --force.
    const again = await runCliProcess(['contracts', 'deploy'], env)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('--force')

    // `start` on the same database and RPC URL uses the stored addresses.
    const child = spawnCli(['start'], { ...env, PORT: '0', HOST: '127.0.0.1' })
    let banner = ''
    child.stdout?.on('data', (d) => {
      banner += d
    })
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    try {
      const deadline = Date.now() + 30_000
      while (!banner.includes('/loyalty-api/health') && Date.now() < deadline && child.exitCode === null) {
        await new Promise((res) => setTimeout(res, 50))
      }
      expect(banner).toContain('chain:    JSON-RPC (chain id 31337)')
      const url = /listening on http:\/\/localhost:(\d+)/.exec(banner)?.[1]
      const health = await (await fetch(`http://127.0.0.1:${url}/loyalty-api/health`)).json()
      expect(health.services.blockchain).toBe('connected')
      expect(health.status).toBe('healthy')
    } finally {
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    }
  })
})
