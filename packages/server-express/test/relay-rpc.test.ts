import { randomBytes } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { perkCollectionAbi } from '@loyaltykit/contracts'
import type { RelayTxRecord } from '@loyaltykit/engine'
import { relaySenderOf } from '@loyaltykit/engine/testing'
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
      LOYALTYKIT_RELAYER_REPLACE_AFTER_MS: '400',
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
    const engine = s.runtime.engine
    const chain = s.runtime.chain!
    expect(chain.kind).toBe('rpc')
    expect(chain.relayer.address).toBe(privateKeyToAccount(relayerKey).address)
    const { brand } = await engine.brands.create({ name: 'Cafe', websites: ['https://cafe.example'] })
    const perk = await engine.perks.create({ brandId: brand.id, name: 'Sticker', price: 0 })
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

  it('replaces a relayed transaction stuck in the node with higher fees and answers with the one mined', async () => {
    const engine = s.runtime.engine
    const chain = s.runtime.chain!
    const { brand } = await engine.brands.create({ name: 'Stuck', websites: ['https://stuck.example'] })
    const perk = await engine.perks.create({ brandId: brand.id, name: 'Pin', price: 0 })
    const user = (await (
      await fetch(`${s.base}/auth/dev-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'stuck@example.com' }),
      })
    ).json()) as { accessToken: string; walletAddress: Address }
    const recorded: RelayTxRecord[] = []
    const store = s.runtime.storage.relay
    const record = store.recordTransactions.bind(store)
    store.recordTransactions = async (records) => {
      recorded.push(...records)
      return record(records)
    }
    // A group's transactions are stored in the storage transaction that reserves their nonces.
    const storage = s.runtime.storage
    const transaction = storage.transaction.bind(storage)
    storage.transaction = (fn) =>
      transaction((tx) => {
        const inTx = tx.relay.recordTransactions.bind(tx.relay)
        tx.relay.recordTransactions = async (records) => {
          recorded.push(...records)
          return inTx(records)
        }
        return fn(tx)
      })
    const sender = relaySenderOf(engine.ctx)
    const replacedBefore = sender.stats().replaced

    // The node stops mining: the relayed transaction waits in its pool.
    await rpc.provider.request({ method: 'evm_setAutomine', params: [false] } as never)
    let response: Response
    try {
      const pending = fetch(`${s.base}/relay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` },
        body: JSON.stringify({
          to: chain.contracts.perkCollection,
          data: encodeFunctionData({
            abi: perkCollectionAbi,
            functionName: 'claimFor',
            args: [user.walletAddress, BigInt(perk.collectionId)],
          }),
          userAddress: user.walletAddress,
        }),
      })
      const deadline = Date.now() + 15_000
      while (sender.stats().replaced === replacedBefore && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50))
      }
      expect(sender.stats().replaced).toBeGreaterThan(replacedBefore)
      await rpc.provider.request({ method: 'evm_mine', params: [] } as never)
      response = await pending
    } finally {
      await rpc.provider.request({ method: 'evm_setAutomine', params: [true] } as never)
      store.recordTransactions = record
      storage.transaction = transaction
    }
    expect(response.status).toBe(200)
    const body = await response.json()
    const [first, ...replacements] = recorded
    expect(first).toBeDefined()
    expect(replacements.length).toBeGreaterThanOrEqual(1)
    // Same nonce and call, 12.5 % more per attempt; the one mined is the one answered.
    for (const r of replacements) {
      expect(r.nonce).toBe(first!.nonce)
      expect(BigInt(r.maxFeePerGas) * 1000n).toBeGreaterThanOrEqual(BigInt(first!.maxFeePerGas) * 1125n)
    }
    expect(body.transactionHash).toBe(replacements.at(-1)!.txHash)
    expect(await s.runtime.storage.relay.getTransaction(body.transactionHash)).toMatchObject({ status: 'confirmed' })
    expect(await s.runtime.storage.relay.getTransaction(first!.txHash)).toMatchObject({
      status: 'dropped',
      error: `replaced by ${body.transactionHash}`,
    })
    expect(
      await chain.publicClient.getTransactionReceipt({ hash: first!.txHash as `0x${string}` }).catch(() => null),
    ).toBeNull()
    expect(
      await s.runtime.storage.relay.listUnsettled({
        chainId: chain.chainId,
        signer: chain.relayer.address.toLowerCase(),
      }),
    ).toEqual([])
  }, 30_000)
})
