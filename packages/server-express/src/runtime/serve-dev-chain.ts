import { ConfigError, type ContractAddresses, UnavailableError } from '@loyaltykit/engine'
import type { Address, Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { loadEmbeddedAccountKeys, loadEmbeddedDevAccountKeys } from '../chain/embedded-chain-settings'
import type { ReplayChainJournalResult } from '../chain/replay-chain-journal'
import { type JsonRpcServer, serveJsonRpc } from '../chain/serve-json-rpc'
import { type EmbeddedChain, startEmbeddedChain } from '../chain/start-embedded-chain'
import { topUpAccounts } from '../chain/top-up-accounts'
import type { LoyaltykitConfig } from '../config/loyaltykit-config'
import type { ServerLogger } from '../logging/create-logger'
import { openRuntime, type Runtime } from './open-runtime'

export type ServeDevChainParameters = {
  config: LoyaltykitConfig
  logger: ServerLogger
  /** 0 picks a free port. */
  port: number
  host: string
}

type DevChainAccount = { address: Address; privateKey: Hex }

export type ServedDevChain = {
  /** The URL other processes use (`http://127.0.0.1:<port>` when bound to every interface). */
  rpcUrl: string
  chainId: number
  contracts: ContractAddresses
  /** The accounts loyaltykit servers sign with (MINTER_ROLE; RELAYER/OPERATOR/CLAWBACK_ROLE; admin). */
  serverAccounts: { minter: DevChainAccount; relayer: DevChainAccount; deployer: DevChainAccount }
  /** Funded accounts for the developer's own transactions (never used by loyaltykit). */
  devAccounts: (DevChainAccount & { balance: bigint })[]
  /** What this start replayed from the journal, and whether it deployed the contracts (first start). */
  replay: ReplayChainJournalResult
  deployed: boolean
  /** What a loyaltykit server needs to use this chain: its URL, the minter and relayer keys, the addresses. */
  serverEnv: Record<string, string>
  runtime: Runtime
  /** Stops answering, then closes the chain (its journal flushed, its lock released) and the database. */
  close(): Promise<void>
}

const UNSPECIFIED = new Set(['0.0.0.0', '::', '[::]'])

const account = (privateKey: Hex): DevChainAccount => ({ address: privateKeyToAddress(privateKey), privateKey })

/**
 * What `loyaltykit chain serve` runs: the embedded dev chain of the configured database and data
 * folder (the same journal, genesis, accounts and contracts as `loyaltykit start` would use, and its
 * one-process lock), served as a JSON-RPC node over HTTP, so that several server processes can share
 * one dev chain through LOYALTYKIT_RPC_URL. Besides the server accounts it funds DEV_ACCOUNT_COUNT
 * accounts for the developer. It runs no signer of its own (no minter, no relay sender): the servers
 * sign. Refused with LOYALTYKIT_RPC_URL set (that is the servers' side).
 */
export async function serveDevChain(p: ServeDevChainParameters): Promise<ServedDevChain> {
  const { config, logger } = p
  if (config.chain.rpcUrl) {
    throw new ConfigError(
      'invalid configuration: `loyaltykit chain serve` runs the embedded chain; unset LOYALTYKIT_RPC_URL for it (the servers that use it set it)',
      { variables: ['LOYALTYKIT_RPC_URL'] },
    )
  }
  const runtime = await openRuntime({ config, logger, withChain: false })
  let chain: EmbeddedChain | undefined
  let rpc: JsonRpcServer | undefined
  try {
    const { storage, keyVault } = runtime
    chain = await startEmbeddedChain({
      storage,
      keyVault,
      logger,
      gasCaps: config.chain.gasCaps,
      dataDir: config.storage.dataDir,
    })
    const keys = await loadEmbeddedAccountKeys(storage, keyVault, 'embedded')
    const devAccounts = (await loadEmbeddedDevAccountKeys(storage, keyVault, 'embedded')).map(account)
    await topUpAccounts(
      chain.provider,
      chain.publicClient,
      devAccounts.map((a) => a.address),
    )
    const balances = await Promise.all(devAccounts.map((a) => chain?.publicClient.getBalance({ address: a.address })))
    rpc = await serveJsonRpc({ provider: chain.provider, port: p.port, host: p.host }).catch((e: unknown) => {
      const code = (e as { code?: string }).code
      if (code !== 'EADDRINUSE' && code !== 'EADDRNOTAVAIL' && code !== 'EACCES') throw e
      throw new UnavailableError(
        `cannot listen on ${p.host}:${p.port} (${code}): choose another --port or --host`,
        'CHAIN_RPC_LISTEN_FAILED',
        { host: p.host, port: p.port },
        e,
      )
    })
    const rpcUrl = UNSPECIFIED.has(p.host) ? `http://127.0.0.1:${rpc.port}` : rpc.url
    const { contracts } = chain
    const served = chain
    const server = rpc
    logger.info({ rpcUrl, chainId: chain.chainId, replayed: chain.replay.entries }, 'dev chain served')
    return {
      rpcUrl,
      chainId: chain.chainId,
      contracts,
      serverAccounts: {
        minter: account(keys.minter),
        relayer: account(keys.relayer),
        deployer: account(keys.deployer),
      },
      devAccounts: devAccounts.map((a, i) => ({ ...a, balance: balances[i] ?? 0n })),
      replay: chain.replay,
      deployed: chain.deployed,
      serverEnv: {
        LOYALTYKIT_RPC_URL: rpcUrl,
        LOYALTYKIT_MINTER_KEY: keys.minter,
        LOYALTYKIT_RELAYER_KEY: keys.relayer,
        LOYALTYKIT_POINTS_TOKEN_ADDRESS: contracts.pointsToken,
        LOYALTYKIT_PERK_COLLECTION_ADDRESS: contracts.perkCollection,
        LOYALTYKIT_POINTS_SALE_ADDRESS: contracts.pointsSale,
        LOYALTYKIT_BUSINESS_ESCROW_ADDRESS: contracts.businessEscrow,
      },
      runtime,
      async close() {
        try {
          await server.close()
          await served.close()
        } finally {
          await runtime.close()
        }
      },
    }
  } catch (e) {
    await rpc?.close().catch(() => {})
    await chain?.close().catch(() => {})
    await runtime.close().catch(() => {})
    throw e
  }
}
