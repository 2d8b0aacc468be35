import type { Command } from './command'
import { agentKeyCreateCommand } from './commands/agent-key-create'
import { agentKeyListCommand } from './commands/agent-key-list'
import { agentKeyRevokeCommand } from './commands/agent-key-revoke'
import { agentKeyRotateCommand } from './commands/agent-key-rotate'
import { agentKeySignCommand } from './commands/agent-key-sign'
import { apikeyCreateCommand } from './commands/apikey-create'
import { apikeyListCommand } from './commands/apikey-list'
import { apikeyRevokeCommand } from './commands/apikey-revoke'
import { backupCommand } from './commands/backup'
import { backupCheckCommand } from './commands/backup-check'
import { brandCreateCommand } from './commands/brand-create'
import { brandKeysCommand } from './commands/brand-keys'
import { brandListCommand } from './commands/brand-list'
import { brandUpdateCommand } from './commands/brand-update'
import { chainServeCommand } from './commands/chain-serve'
import { constraintListCommand } from './commands/constraint-list'
import { constraintRemoveCommand } from './commands/constraint-remove'
import { constraintSetCommand } from './commands/constraint-set'
import { contractsDeployCommand } from './commands/contracts-deploy'
import { eventsImportCommand } from './commands/events-import'
import { identityLinkCommand } from './commands/identity-link'
import { mcpCommand } from './commands/mcp'
import { migrateCommand } from './commands/migrate'
import { migrateStatusCommand } from './commands/migrate-status'
import { operatorKeyCreateCommand } from './commands/operator-key-create'
import { operatorKeyListCommand } from './commands/operator-key-list'
import { operatorKeyRevokeCommand } from './commands/operator-key-revoke'
import { paymentsRefundsCommand } from './commands/payments-refunds'
import { perkCreateCommand } from './commands/perk-create'
import { perkListCommand } from './commands/perk-list'
import { pointsSaleAddCommand } from './commands/points-sale-add'
import { pointsSaleListCommand } from './commands/points-sale-list'
import { reconcileCommand } from './commands/reconcile'
import { restoreCommand } from './commands/restore'
import { ruleListCommand } from './commands/rule-list'
import { ruleSetCommand } from './commands/rule-set'
import { siteConfigCommand } from './commands/site-config'
import { startCommand } from './commands/start'
import { streakRestoreCommand } from './commands/streak-restore'
import { verifyEventCommand } from './commands/verify-event'
import { verifyPaymentCommand } from './commands/verify-payment'
import { verifyRedemptionCommand } from './commands/verify-redemption'
import { webhookDeliveriesCommand } from './commands/webhook-deliveries'
import { webhookDisableCommand } from './commands/webhook-disable'
import { webhookEnableCommand } from './commands/webhook-enable'
import { webhookRedeliverCommand } from './commands/webhook-redeliver'
import { webhookSetCommand } from './commands/webhook-set'
import { webhookTriggerCommand } from './commands/webhook-trigger'

/** Every `loyaltykit` command, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [
  startCommand,
  migrateCommand,
  migrateStatusCommand,
  brandCreateCommand,
  brandListCommand,
  brandUpdateCommand,
  brandKeysCommand,
  ruleSetCommand,
  ruleListCommand,
  eventsImportCommand,
  apikeyCreateCommand,
  apikeyListCommand,
  apikeyRevokeCommand,
  agentKeyCreateCommand,
  agentKeyListCommand,
  agentKeyRevokeCommand,
  agentKeyRotateCommand,
  agentKeySignCommand,
  operatorKeyCreateCommand,
  operatorKeyListCommand,
  operatorKeyRevokeCommand,
  mcpCommand,
  identityLinkCommand,
  constraintSetCommand,
  constraintListCommand,
  constraintRemoveCommand,
  perkCreateCommand,
  perkListCommand,
  pointsSaleAddCommand,
  pointsSaleListCommand,
  siteConfigCommand,
  streakRestoreCommand,
  webhookSetCommand,
  webhookDeliveriesCommand,
  webhookRedeliverCommand,
  webhookTriggerCommand,
  webhookDisableCommand,
  webhookEnableCommand,
  contractsDeployCommand,
  chainServeCommand,
  paymentsRefundsCommand,
  reconcileCommand,
  verifyEventCommand,
  verifyPaymentCommand,
  verifyRedemptionCommand,
  backupCommand,
  backupCheckCommand,
  restoreCommand,
]
