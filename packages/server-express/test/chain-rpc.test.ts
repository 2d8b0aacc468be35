import { randomBytes } from 'node:crypto'
import { pointsTokenAbi } from '@loyaltykit/contracts'
import { createAesGcmKeyVault, createEngine, isLoyaltyError, type Storage, silentLogger } from '@loyaltykit/engine'
import { enqueueMint } from '@loyaltykit/engine/testing'
import type { Address, EIP1193Provider, Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEdrProvider } from '../src/chain/create-edr-provider'
import { deployRpcContracts } from '../src/chain/deploy-rpc-contracts'
import { newEmbeddedGenesis } from '../src/chain/embedded-chain-settings'
import { openChain } from '../src/chain/open-chain'
import { rpcContractsSetting } from '../src/chain/rpc-contract-addresses'
import { serveJsonRpc } from '../src/chain/serve-json-rpc'
import { loadConfig } from '../src/config/load-config'
import { openStorage } from '../src/storage/open-storage'

const keyVault = createAesGcmKeyVault(randomBytes(32))
const codeOf = async (p: Promise<unknown>) => {
  try {
    await p
    return 'ok'
  } catch (e) {
    return isLoyaltyError(e) ? e.code : String(e)
  }
}

describe('an RPC chain (an EDR node served over HTTP)', () => {
  let storage: Storage
  let edr: { provider: EIP1193Provider; close(): Promise<void> }
  let rpc: { url: string; close(): Promise<void> }
  const deployerKey = generatePrivateKey()
  const minterKey = generatePrivateKey()
  const relayerKey = generatePrivateKey()

  beforeAll(async () => {
    storage = await openStorage({ databaseUrl: 'sqlite::memory:', dataDir: '/tmp' })
    await storage.migrate()
    edr = await createEdrProvider(newEmbeddedGenesis())
    for (const key of [deployerKey, minterKey, relayerKey]) {
      await edr.provider.request({
        method: 'hardhat_setBalance',
        params: [privateKeyToAccount(key).address, `0x${(10n ** 21n).toString(16)}`],
      } as never)
    }
    rpc = await serveJsonRpc({ provider: edr.provider, port: 0 })
  })
  afterAll(async () => {
    await rpc?.close()
    await edr?.close()
    await storage?.close()
  })

  it('deploys with deployRpcContracts, opens with openChain and mints through it', async () => {
    const env = {
      LOYALTYKIT_RPC_URL: rpc.url,
      LOYALTYKIT_MINTER_KEY: minterKey,
      LOYALTYKIT_DEPLOYER_KEY: deployerKey,
      LOYALTYKIT_RELAYER_KEY: relayerKey,
    }
    const steps: string[] = []
    const deployed = await deployRpcContracts({
      config: loadConfig(env).chain,
      storage,
      onTransaction: (step) => steps.push(step),
    })
    expect(deployed.chainId).toBe(31337)
    expect(deployed.deployer).toBe(privateKeyToAccount(deployerKey).address)
    expect(steps).toContain('grant MINTER_ROLE')
    expect(JSON.parse((await storage.settings.get(rpcContractsSetting(31337)))!)).toEqual(deployed.contracts)

    const chain = await openChain({
      config: loadConfig({ ...env, LOYALTYKIT_EXPLORER_URL: 'https://explorer.example' }).chain,
      storage,
      keyVault,
      logger: silentLogger,
    })
    expect(chain).toMatchObject({
      kind: 'rpc',
      chainId: 31337,
      contracts: deployed.contracts,
      explorerUrl: 'https://explorer.example',
    })
    expect(chain.minter.address).toBe(privateKeyToAccount(minterKey).address)
    expect(chain.relayer.address).toBe(privateKeyToAccount(relayerKey).address)

    const engine = createEngine({ storage, keyVault, chain })
    const holders = [0, 1, 2].map(() => `0x${randomBytes(20).toString('hex')}` as Address)
    await storage.transaction(async (tx) => {
      for (const [i, to] of holders.entries()) {
        await enqueueMint(tx, { idempotencyKey: `rpc:${i}`, to, amount: 10 + i, source: 'test' })
      }
    })
    const minter = engine.mint.createMinter({ receiptPollMs: 50, pollIntervalMs: 20 })
    minter.start()
    await minter.drain({ timeoutMs: 20_000 })
    await minter.stop()
    for (const [i, to] of holders.entries()) {
      const balance = await chain.publicClient.readContract({
        address: chain.contracts.pointsToken,
        abi: pointsTokenAbi,
        functionName: 'balanceOf',
        args: [to],
      })
      expect(balance).toBe(BigInt(10 + i) * 10n ** 18n)
    }
    const batch = await storage.mint.getBatch((await storage.mint.getJobByKey('rpc:0'))!.batchId!)
    const txs = await storage.mint.listTransactions(batch!.batchId)
    expect(txs.map((t) => t.status)).toEqual(['mined'])
    expect(batch?.sentBlock).not.toBeNull()
    await chain.close()
  })

  it('refuses incomplete or invalid configuration with one clear error', async () => {
    // loadConfig refuses these before any chain is opened.
    const open = async (config: { minterKey?: Hex; env?: Record<string, string> }) =>
      openChain({
        config: loadConfig({
          LOYALTYKIT_RPC_URL: rpc.url,
          ...(config.minterKey ? { LOYALTYKIT_MINTER_KEY: config.minterKey } : {}),
          ...config.env,
        }).chain,
        storage,
        keyVault,
        logger: silentLogger,
      })
    expect(await codeOf(open({}))).toBe('INVALID_CONFIG')
    expect(await codeOf(open({ minterKey, env: { LOYALTYKIT_RELAYER_KEY: '0x12' } }))).toBe('INVALID_CONFIG')
    expect(
      await codeOf(
        open({ minterKey, env: { LOYALTYKIT_POINTS_TOKEN_ADDRESS: privateKeyToAccount(minterKey).address } }),
      ),
    ).toBe('INVALID_CONFIG')
    expect(await codeOf(open({ minterKey, env: { LOYALTYKIT_MAX_GAS: '17000000' } }))).toBe('INVALID_CONFIG')
    expect(loadConfig({ LOYALTYKIT_MAX_FEE_PER_GAS_GWEI: '2.5', LOYALTYKIT_MAX_GAS: '1000000' }).chain.gasCaps).toEqual(
      {
        maxFeePerGas: 2_500_000_000n,
        maxGas: 1_000_000n,
      },
    )
  })
})
