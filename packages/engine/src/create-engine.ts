import { bindAdmin } from './admin/bind-admin'
import { bindAgent } from './agent/bind-agent'
import { bindApiKeys } from './brands/bind-api-keys'
import { bindBrands } from './brands/bind-brands'
import { bindConstraints } from './constraints/bind-constraints'
import type { ConstraintCheckOptions } from './constraints/constraint-check-options'
import type { EngineContext } from './context'
import { bindEvents } from './events/bind-events'
import { bindHealth } from './health/bind-health'
import { bindIdempotency } from './idempotency/bind-idempotency'
import { bindIdentity } from './identity/bind-identity'
import type { IdentityServices } from './identity/identity-services'
import { bindLedger } from './ledger/bind-ledger'
import { bindMembers } from './members/bind-members'
import { bindMigrations } from './migrations/bind-migrations'
import { bindMint } from './minting/bind-mint'
import { bindPayments } from './payments/bind-payments'
import { bindPerks } from './perks/bind-perks'
import { bindPointsSale } from './points-sale/bind-points-sale'
import type { ChainPort } from './ports/chain'
import { type Clock, systemClock } from './ports/clock'
import type { EngineObserver } from './ports/engine-observer'
import { type Ids, randomIds } from './ports/ids'
import type { KeyVault } from './ports/key-vault'
import { type Logger, silentLogger } from './ports/logger'
import type { Storage } from './ports/storage'
import type { WalletKeys } from './ports/wallet-keys'
import { bindProofs } from './proofs/bind-proofs'
import { bindRateLimits } from './rate-limits/bind-rate-limits'
import { bindRelay } from './relay/bind-relay'
import type { RelaySender } from './relay/relay-sender'
import { bindRules } from './rules/bind-rules'
import { bindSite } from './site/bind-site'
import { bindWallets } from './wallets/bind-wallets'
import { bindWebhooks } from './webhooks/bind-webhooks'

export type CreateEngineParameters = {
  storage: Storage
  keyVault: KeyVault
  chain?: ChainPort
  /** The relayer's transaction pipeline for `chain` (`createRelaySender`); its owner starts and stops it. */
  relaySender?: RelaySender
  clock?: Clock
  ids?: Ids
  /** New custodial wallets' keys (default viem's, JavaScript; the server passes a WebAssembly one). */
  walletKeys?: WalletKeys
  logger?: Logger
  /** Identity provider, access-token verifier, dev issuer (default: the local provider, no tokens). */
  identity?: IdentityServices
  /** External purchase-constraint checks (default DEFAULT_CONSTRAINT_CHECK_OPTIONS). */
  constraints?: Partial<ConstraintCheckOptions>
  /** Receives what the engine did, for metrics (the server's Prometheus registry); default none. */
  observer?: EngineObserver
}

/**
 * Binds every operation to one context, under domain namespaces: `engine.events.process(params,
 * options?)` is `processEvent(ctx, params, options?)`. Holds no logic of its own (docs/architecture.md).
 * `ctx` is there for tests and embedders that call an operation function directly; servers use the
 * namespaces only.
 */
export function createEngine(params: CreateEngineParameters) {
  const ctx: EngineContext = {
    storage: params.storage,
    keyVault: params.keyVault,
    chain: params.chain,
    ...(params.relaySender ? { relaySender: params.relaySender } : {}),
    clock: params.clock ?? systemClock,
    ids: params.ids ?? randomIds,
    ...(params.walletKeys ? { walletKeys: params.walletKeys } : {}),
    logger: params.logger ?? silentLogger,
    ...(params.identity ? { identity: params.identity } : {}),
    ...(params.constraints ? { constraints: params.constraints } : {}),
    ...(params.observer ? { observer: params.observer } : {}),
  }
  return {
    ctx,
    events: bindEvents(ctx),
    brands: bindBrands(ctx),
    apiKeys: bindApiKeys(ctx),
    rules: bindRules(ctx),
    wallets: bindWallets(ctx),
    mint: bindMint(ctx),
    relay: bindRelay(ctx),
    perks: bindPerks(ctx),
    pointsSale: bindPointsSale(ctx),
    webhooks: bindWebhooks(ctx),
    migrations: bindMigrations(ctx),
    identity: bindIdentity(ctx),
    constraints: bindConstraints(ctx),
    payments: bindPayments(ctx),
    health: bindHealth(ctx),
    idempotency: bindIdempotency(ctx),
    ledger: bindLedger(ctx),
    members: bindMembers(ctx),
    proofs: bindProofs(ctx),
    rateLimits: bindRateLimits(ctx),
    agent: bindAgent(ctx),
    site: bindSite(ctx),
    admin: bindAdmin(ctx),
  }
}

export type Engine = ReturnType<typeof createEngine>
