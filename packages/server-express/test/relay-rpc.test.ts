import { randomBytes } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { perkCollectionAbi } from '@loyaltykit/contracts'
import { createBrand, createPerk } from '@loyaltykit/engine'
import { type Address, encodeFunctionData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../src/cli/run-cli'
import { type EdrRpcServer, startEdrRpcServer } from './helpers/edr-rpc-server'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const sqlite = testDialects[0]!

describe('relayer on a JSON-RPC chain', () => {
  let rpc: EdrRpcServer
  let db: TestDatabase
  let s: TestServer
  const deployerKey = generatePrivateKey()
  const minterKey = generatePrivateKey()
  const relayerKey = generatePrivateKey()
  let env: Record<string, string>

  beforeAll(async () => {
    rpc = await startEdrRpcServer([deployerKey, minterKey, relayerKey])
    db = await sqlite.create()
    env = {
      LOYALTYKIT_DATA_DIR: db.dataDir,
      LOYALTYKIT_MASTER_KEY: randomBytes(32).toString('hex'),
      LOYALTYKIT_RPC_URL: rpc.url,
      LOYALTYKIT_DEPLOYER_KEY: deployerKey,
      LOYALTYKIT_MINTER_KEY: minterKey,
      LOYALTYKIT_RELAYER_KEY: relayerKey,
      NODE_ENV: 'test',
    }
    const out = new PassThrough()
    out.resume()
    expect(await runCli(['contracts', 'deploy'], { stdout: out, stderr: out, env, cwd: process.cwd() })).toBe(0)
    s = await startTestServer(db, env)
  }, 60_000)
  afterAll(async () => {
    await s?.close()
    await rpc?.close()
    await db?.drop()
  })

  it('relays concurrent claims and answers once each receipt is polled from the node', async () => {
    const ctx = s.runtime.engine.ctx
    const chain = s.runtime.chain!
    expect(chain.kind).toBe('rpc')
    expect(chain.relayer.address).toBe(privateKeyToAccount(relayerKey).address)
    const { brand } = await createBrand(ctx, { name: 'Cafe', websites: ['https://cafe.example'] })
    const perk = await createPerk(ctx, { brandId: brand.id, name: 'Sticker', price: 0 })
    const users = await Promise.all(
      Array.from({ length: 8 }, async (_, i) =>
        (
          await fetch(`${s.base}/auth/dev-login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: `rpc${i}@example.com` }),
          })
        ).json(),
      ),
    )
    const responses = await Promise.all(
      users.map((u: { accessToken: string; walletAddress: Address }) =>
        fetch(`${s.base}/relay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${u.accessToken}` },
          body: JSON.stringify({
            to: chain.contracts.perkCollection,
            data: encodeFunctionData({
              abi: perkCollectionAbi,
              functionName: 'claimFor',
              args: [u.walletAddress, BigInt(perk.collectionId)],
            }),
            userAddress: u.walletAddress,
          }),
        }),
      ),
    )
    const bodies = await Promise.all(responses.map((r) => r.json()))
    expect(responses.map((r) => r.status)).toEqual(users.map(() => 200))
    for (const b of bodies) {
      expect(b).toMatchObject({ success: true, status: 'confirmed', from: chain.relayer.address.toLowerCase() })
      const stored = await s.runtime.storage.relay.getTransaction(b.transactionHash)
      expect(stored).toMatchObject({ status: 'confirmed', gasUsed: b.gasUsed, blockNumber: b.blockNumber })
    }
  })
})
