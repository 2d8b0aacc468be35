import { adminClientSection } from './admin-client-section'
import { agentSection } from './agent-section'
import { chainSection } from './chain-section'
import { constraintsSection } from './constraints-section'
import { eventHandlerSection } from './event-handler-section'
import { idempotencySection } from './idempotency-section'
import { identitySection } from './identity-section'
import { minterSection } from './minter-section'
import { observabilitySection } from './observability-section'
import { paymentsSection } from './payments-section'
import { pregenerationSection } from './pregeneration-section'
import { rateLimitsSection } from './rate-limits-section'
import { relayerSection } from './relayer-section'
import { serverSection } from './server-section'
import { storageSection } from './storage-section'
import { webhooksSection } from './webhooks-section'

/**
 * Every configuration section, keyed as in LoyaltykitConfig, in the order docs/configuration.md
 * lists them. A new variable goes into the section that owns it (and nowhere else).
 */
export const CONFIG_SECTIONS = {
  server: serverSection,
  storage: storageSection,
  chain: chainSection,
  minter: minterSection,
  relayer: relayerSection,
  payments: paymentsSection,
  identity: identitySection,
  webhooks: webhooksSection,
  constraints: constraintsSection,
  pregeneration: pregenerationSection,
  eventHandler: eventHandlerSection,
  idempotency: idempotencySection,
  observability: observabilitySection,
  rateLimits: rateLimitsSection,
  agent: agentSection,
  adminClient: adminClientSection,
} as const
