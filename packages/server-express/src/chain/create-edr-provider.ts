import { EventEmitter } from 'node:events'
import type { Provider } from '@nomicfoundation/edr'
import { type EIP1193Provider, hexToBytes, numberToHex } from 'viem'
import { type EdrJsonRpcError, EdrRpcError } from './edr-rpc-error'
import type { EmbeddedGenesis } from './embedded-chain-settings'
import { loadEdr } from './load-edr'

/**
 * EIP-7825's per-transaction gas cap, enforced from Osaka (the only hardfork `EmbeddedGenesis`
 * allows); also the gas of an `eth_call` / `eth_estimateGas` that gives none.
 */
const OSAKA_TRANSACTION_GAS_CAP = 16_777_216n

type JsonRpcResponse = { result?: unknown; error?: EdrJsonRpcError }

/**
 * A fresh in-process EDR chain (`@nomicfoundation/edr`, the EVM inside Hardhat 3) for `genesis`,
 * as an EIP-1193 provider: FIFO mempool, no unlocked accounts (every transaction is signed by the
 * server and sent raw, so the journal can replay it), a reverting transaction is mined and its hash
 * returned (as on a real node), a reverting call throws (code 3 + revert data, see EdrRpcError).
 * `automine: false` for the embedded chain, whose journaled provider mines blocks itself (a group
 * of transactions per block).
 *
 * The configuration is the one Hardhat 3.18 gave EDR for its `edr-simulated` network with these
 * values (genesis predeploys of the hardfork, gas estimation that refuses an internal out-of-gas,
 * no minimum gas price), so a journal written through Hardhat replays to the same state roots.
 */
export async function createEdrProvider(
  genesis: EmbeddedGenesis,
  options: { automine?: boolean } = {},
): Promise<{ provider: EIP1193Provider; close(): Promise<void> }> {
  const { edr, context } = await loadEdr()
  const blockGasLimit = BigInt(genesis.blockGasLimit)
  // Subscription events (eth_subscribe) go out as EIP-1193 `message` events. EDR keeps the callback
  // alive as long as the chain lives; through a WeakRef it does not keep the emitter alive too.
  const events = new EventEmitter()
  const eventsRef = new WeakRef(events)
  let chain: Provider | undefined = await context.createProvider(
    edr.L1_CHAIN_TYPE,
    {
      chainId: BigInt(genesis.chainId),
      networkId: BigInt(genesis.chainId),
      hardfork: genesis.hardfork,
      // The hardfork's system contracts (EIP-4788 beacon roots, EIP-2935 block hashes), as on mainnet.
      genesisState: edr.l1GenesisState(edr.l1HardforkFromString(genesis.hardfork)),
      network: {
        genesisBlockGasLimit: blockGasLimit,
        genesisBlockTime: BigInt(Math.floor(Date.parse(genesis.initialDate) / 1000)),
      },
      initialBaseFeePerGas: BigInt(genesis.initialBaseFeePerGas),
      minGasPrice: 0n,
      coinbase: hexToBytes(genesis.coinbase),
      mining: { autoMine: options.automine ?? true, blockGasLimit, memPool: { order: edr.MineOrdering.Fifo } },
      defaultTransactionGasLimit: OSAKA_TRANSACTION_GAS_CAP,
      gasEstimationMode: edr.GasEstimationMode.NoInternalOutOfGas,
      allowBlocksWithSameTimestamp: false,
      allowUnlimitedContractSize: false,
      bailOnCallFailure: true,
      bailOnTransactionFailure: false,
      ownedAccounts: [],
      precompileOverrides: [],
      observability: {},
    },
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => {} },
    {
      subscriptionCallback: ({ filterId, result }) => {
        const subscription = numberToHex(filterId)
        for (const item of Array.isArray(result) ? result : [result]) {
          eventsRef.deref()?.emit('message', { type: 'eth_subscription', data: { subscription, result: item } })
        }
      },
    },
    new edr.ContractDecoder(),
  )

  let nextId = 1
  async function request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    if (!chain) throw new EdrRpcError({ code: 4900, message: 'the EDR chain is closed' })
    const response = await chain.handleRequest(
      JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
    )
    const answer = (typeof response.data === 'string' ? JSON.parse(response.data) : response.data) as JsonRpcResponse
    if (answer.error) throw new EdrRpcError(answer.error)
    return answer.result
  }

  const provider = {
    request,
    on: events.on.bind(events),
    removeListener: events.removeListener.bind(events),
  } as unknown as EIP1193Provider
  return {
    provider,
    async close() {
      // EDR frees the chain once nothing references it.
      chain = undefined
      events.removeAllListeners()
    },
  }
}
