import {
  type ChainPort,
  type ContractAddresses,
  defaultGasCaps,
  deployContracts,
  type GasCaps,
  type KeyVault,
  type Logger,
  type Storage,
  silentLogger,
  withGasCaps,
} from '@loyaltykit/engine'
import {
  createPublicClient,
  custom,
  defineChain,
  formatTransactionReceipt,
  type LocalAccount,
  type PublicClient,
} from 'viem'
import { createEdrProvider } from './create-edr-provider'
import {
  type EmbeddedGenesis,
  loadEmbeddedAccountKeys,
  loadEmbeddedContracts,
  loadEmbeddedGenesis,
  saveEmbeddedContracts,
} from './embedded-chain-settings'
import { privateKeyToFastAccount } from './fast-local-account'
import { holdEmbeddedChain } from './hold-embedded-chain'
import { type JournaledProvider, journalProvider } from './journaled-provider'
import { ChainReplayError, type ReplayChainJournalResult, replayChainJournal } from './replay-chain-journal'
import { topUpAccounts } from './top-up-accounts'

export type StartEmbeddedChainParameters = {
  storage: Storage
  keyVault: KeyVault
  logger?: Logger
  /** Names the journal and the settings (`chain.<chainKey>.*`). Default `embedded`. */
  chainKey?: string
  /** Genesis values for a NEW chain (an existing chain keeps its stored genesis). */
  genesis?: Partial<EmbeddedGenesis>
  gasCaps?: GasCaps
  explorerUrl?: string
  /**
   * The data folder: its `embedded-chain.lock` (an OS lock, see `holdEmbeddedChain`) keeps a second
   * process on the same folder out at once and lets a start after a crash take over at once. Without
   * it only the database lease guards the chain.
   */
  dataDir?: string
  /** Database lease that keeps a second process from running the same embedded chain. Default 15000 ms. */
  leaseTtlMs?: number
}

export type EmbeddedChain = ChainPort &
  Required<Pick<ChainPort, 'sendRawTransactions'>> & {
    kind: 'embedded'
    /** The journaled EIP-1193 provider (every state change is stored before it is answered). */
    provider: JournaledProvider
    /** Admin of every contract; only the deployment uses it. */
    deployer: LocalAccount
    genesis: EmbeddedGenesis
    /** What the start replayed from the journal. */
    replay: ReplayChainJournalResult
    /** Whether this start deployed the contracts (first start). */
    deployed: boolean
    close(): Promise<void>
  }

/**
 * The embedded dev chain: an in-process EDR chain whose state survives restarts. At start it
 * replays the journal stored in the database (every raw transaction and state call the chain
 * executed, at its original block timestamp), then aligns the chain clock with the wall clock.
 * First start: creates the genesis settings and the server accounts (random keys stored encrypted),
 * funds them with `hardhat_setBalance` and deploys the contracts (addresses stored in settings).
 * One process at a time runs a given embedded chain (`holdEmbeddedChain`: an OS lock in the data
 * folder and a lease in storage); its signers' leases left by a killed start are taken over at once
 * (`exclusiveHold`).
 */
export async function startEmbeddedChain(p: StartEmbeddedChainParameters): Promise<EmbeddedChain> {
  const { storage, keyVault } = p
  const logger = (p.logger ?? silentLogger).child({ component: 'embedded-chain' })
  const chainKey = p.chainKey ?? 'embedded'
  const gasCaps = p.gasCaps ?? defaultGasCaps
  const hold = await holdEmbeddedChain({
    storage,
    chainKey,
    dataDir: p.dataDir,
    ttlMs: p.leaseTtlMs ?? 15_000,
    logger,
  })
  let edr: Awaited<ReturnType<typeof createEdrProvider>> | undefined
  try {
    const genesis = await loadEmbeddedGenesis(storage, chainKey, p.genesis)
    const keys = await loadEmbeddedAccountKeys(storage, keyVault, chainKey)
    edr = await createEdrProvider(genesis, { automine: false })
    const replay = await replayChainJournal({ provider: edr.provider, journal: storage.chainJournal, chainKey, logger })
    await alignClock(edr.provider)
    const provider = journalProvider({
      inner: edr.provider,
      journal: storage.chainJournal,
      chainKey,
      lastSeq: replay.lastSeq,
      head: replay.head,
      logger,
    })
    // In process there is no network to retry over: viem's default (3 retries, 150 ms backoff) made every
    // reverted eth_call (a perk that does not exist) answer after ~1 s.
    const transport = custom(provider, { retryCount: 0 })
    const chain = defineChain({
      id: genesis.chainId,
      name: 'loyaltykit embedded chain',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } },
    })
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 }) as PublicClient
    const deployer = privateKeyToFastAccount(keys.deployer)
    const minter = withGasCaps(privateKeyToFastAccount(keys.minter), gasCaps)
    const relayer = withGasCaps(privateKeyToFastAccount(keys.relayer), gasCaps)

    // 10,000 ETH each, topped up when under a tenth of it.
    await topUpAccounts(provider, publicClient, [deployer.address, minter.address, relayer.address])

    let contracts: ContractAddresses | undefined = await loadEmbeddedContracts(storage, chainKey)
    let deployed = false
    if (contracts) {
      const code = await publicClient.getCode({ address: contracts.pointsToken })
      if (!code || code === '0x') {
        throw new ChainReplayError('the embedded chain has no points token after replaying its journal', {
          pointsToken: contracts.pointsToken,
          journalEntries: replay.entries,
        })
      }
    } else {
      contracts = await deployContracts({
        transport,
        publicClient,
        deployer,
        minter: minter.address,
        relayer: relayer.address,
        gasCaps,
      })
      await saveEmbeddedContracts(storage, chainKey, contracts)
      deployed = true
      logger.info({ contracts, relayer: relayer.address }, 'contracts deployed on the embedded chain')
    }

    const opened = edr
    return {
      chainId: genesis.chainId,
      transport,
      publicClient,
      contracts,
      minter,
      relayer,
      gasCaps,
      ...(p.explorerUrl ? { explorerUrl: p.explorerUrl } : {}),
      kind: 'embedded',
      exclusiveHold: hold.id,
      async sendRawTransactions(raws) {
        const { receipts, ...rest } = await provider.sendRawTransactions(raws)
        return { ...rest, receipts: receipts.map((r) => formatTransactionReceipt(r)) }
      },
      provider,
      deployer,
      genesis,
      replay,
      deployed,
      async close() {
        await provider.flush().catch(() => undefined)
        await opened.close()
        await hold.release()
      },
    }
  } catch (error) {
    await edr?.close().catch(() => undefined)
    await hold.release()
    throw error
  }
}

/**
 * Replaying set past timestamps, which leaves the chain clock behind the wall clock by the downtime;
 * move it forward (never backward) so new blocks carry the current time.
 */
async function alignClock(provider: { request(args: { method: string; params?: unknown }): Promise<unknown> }) {
  const offset = Number(await provider.request({ method: 'evm_increaseTime', params: [0] }))
  if (offset < 0) await provider.request({ method: 'evm_increaseTime', params: [-offset] })
}
