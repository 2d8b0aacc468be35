import type { ConstraintCheckOptions } from '@loyaltykit/engine'
import type { AdminClientConfig } from './admin-client-section'
import type { AgentConfig } from './agent-section'
import type { ChainConfig } from './chain-section'
import type { EventHandlerConfig } from './event-handler-section'
import type { IdempotencyConfig } from './idempotency-section'
import type { IdentityConfig } from './identity-section'
import type { MinterConfig } from './minter-section'
import type { ObservabilityConfig } from './observability-section'
import type { PaymentConfig } from './payments-section'
import type { PregenerationConfig } from './pregeneration-section'
import type { RateLimitsConfig } from './rate-limits-section'
import type { RelayerConfig } from './relayer-section'
import type { ServerConfig } from './server-section'
import type { StorageConfig } from './storage-section'
import type { WebhookConfig } from './webhooks-section'

/**
 * The parsed, validated configuration of one loyaltykit process (docs/configuration.md), one key
 * per section (config/*-section.ts). Made by loadConfig only, deeply frozen; the runtime and the CLI
 * pass it (or a section of it) down. Nothing else reads the environment.
 */
export type LoyaltykitConfig = Readonly<{
  server: ServerConfig
  storage: StorageConfig
  chain: ChainConfig
  minter: MinterConfig
  relayer: RelayerConfig
  payments: PaymentConfig
  identity: IdentityConfig
  webhooks: WebhookConfig
  constraints: ConstraintCheckOptions
  pregeneration: PregenerationConfig
  eventHandler: EventHandlerConfig
  idempotency: IdempotencyConfig
  observability: ObservabilityConfig
  rateLimits: RateLimitsConfig
  agent: AgentConfig
  adminClient: AdminClientConfig
}>
