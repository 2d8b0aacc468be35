export { createEngine, type CreateEngineParameters, type Engine } from './create-engine'
export type { EngineContext } from './context'
export { type ErrorCategory, isLoyaltyError, LoyaltyError, type LoyaltyErrorOptions } from './errors/loyalty-error'
export {
  ConfigError,
  ConflictError,
  type FieldIssue,
  NotFoundError,
  UnavailableError,
  ValidationError,
} from './errors/common-errors'
export { parseInput, toFieldIssues } from './errors/zod-issues'
export type { ApiKeyRecord, ApiKeyScope, ApiKeyStore, BrandSecretKind } from './ports/api-key-store'
export type { Brand, BrandStore } from './ports/brand-store'
export type { ChainPort, ContractAddresses } from './ports/chain'
export { type Clock, systemClock } from './ports/clock'
export { type Ids, randomIds } from './ports/ids'
export type { KeyVault } from './ports/key-vault'
export { type Logger, silentLogger } from './ports/logger'
export type { MintStore } from './ports/mint-store'
export type { DetectionConfig, EventRule, RuleStore } from './ports/rule-store'
export type { SettingsStore } from './ports/settings-store'
export type { Storage, Stores } from './ports/storage'
export type { CustodialWallet, WalletOwner, WalletStore } from './ports/wallet-store'
