import type { ConstraintCheckOptions } from './constraints/constraint-check-options'
import type { IdentityServices } from './identity/identity-services'
import type { ChainPort } from './ports/chain'
import type { Clock } from './ports/clock'
import type { EngineObserver } from './ports/engine-observer'
import type { Ids } from './ports/ids'
import type { KeyVault } from './ports/key-vault'
import type { Logger } from './ports/logger'
import type { Storage } from './ports/storage'
import type { WalletKeys } from './ports/wallet-keys'
import type { RelaySender } from './relay/relay-sender'

/** Everything an engine operation may use. Operations are `fn(ctx, params)`. */
export type EngineContext = {
  storage: Storage
  keyVault: KeyVault
  /** Absent when the engine runs without a chain (e.g. CLI brand management). */
  chain: ChainPort | undefined
  /**
   * The relayer account's transaction pipeline for `chain` (`createRelaySender`), created, started,
   * drained and stopped by the runtime that opened the chain. Relay and perk operations send through
   * it (`relaySenderOf(ctx)`); absent without a chain.
   */
  relaySender?: RelaySender
  clock: Clock
  ids: Ids
  /** New custodial wallets' keys; absent: viem's (`viemWalletKeys`). */
  walletKeys?: WalletKeys
  logger: Logger
  /** Identity provider, access-token verifier, dev issuer; absent: the local provider and no tokens. */
  identity?: IdentityServices
  /** External purchase-constraint checks; absent: DEFAULT_CONSTRAINT_CHECK_OPTIONS. */
  constraints?: Partial<ConstraintCheckOptions>
  /** Receives what the engine did, for metrics (docs/operations.md); absent: nothing is reported. */
  observer?: EngineObserver
}
