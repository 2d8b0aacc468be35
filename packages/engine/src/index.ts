export { type CreateApiKeyParameters, createApiKey, createApiKeyParametersSchema } from './brands/create-api-key'
export {
  BRAND_API_KEY_SCOPES,
  type CreateBrandParameters,
  type CreateBrandReturnType,
  createBrand,
  createBrandParametersSchema,
} from './brands/create-brand'
export { type GetBrandParameters, getBrand, getBrandParametersSchema } from './brands/get-brand'
export { getBrandSecurityKey } from './brands/get-brand-security-key'
export { hashApiKey } from './brands/hash-api-key'
export { type ListApiKeysParameters, listApiKeys, listApiKeysParametersSchema } from './brands/list-api-keys'
export { listBrands } from './brands/list-brands'
export { requireBrand } from './brands/require-brand'
export { type RevokeApiKeyParameters, revokeApiKey, revokeApiKeyParametersSchema } from './brands/revoke-api-key'
export {
  type RotateSecurityKeyParameters,
  rotateSecurityKey,
  rotateSecurityKeyParametersSchema,
} from './brands/rotate-security-key'
export {
  type SetBrandWebsitesParameters,
  setBrandWebsites,
  setBrandWebsitesParametersSchema,
} from './brands/set-brand-websites'
export { verifyApiKey } from './brands/verify-api-key'
export type { EngineContext } from './context'
export { type CreateEngineParameters, createEngine, type Engine } from './create-engine'
export {
  ConfigError,
  ConflictError,
  type FieldIssue,
  NotFoundError,
  UnavailableError,
  ValidationError,
} from './errors/common-errors'
export { type ErrorCategory, isLoyaltyError, LoyaltyError, type LoyaltyErrorOptions } from './errors/loyalty-error'
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
export { DEFAULT_EVENT_RULES } from './rules/default-event-rules'
export { type ListRulesParameters, listRules, listRulesParametersSchema } from './rules/list-rules'
export { newEventRule } from './rules/new-event-rule'
export { type SetRuleParameters, setRule, setRuleParametersSchema } from './rules/set-rule'
export { brandIdSchema } from './schemas/brand-id'
export { emailSchema, normalizeEmail } from './schemas/email'
export { type EventRuleWire, eventRuleWireSchema, toEventRuleWire } from './schemas/event-rule'
export { eventTypeSchema } from './schemas/event-type'
export { websiteOriginSchema } from './schemas/website-origin'
export { createAesGcmKeyVault } from './wallets/aes-gcm-key-vault'
export { findWalletByOwner, type WalletInfo } from './wallets/find-wallet-by-owner'
export { type GetOrCreateWalletReturnType, getOrCreateWallet } from './wallets/get-or-create-wallet'
export { loadWalletAccount } from './wallets/load-wallet-account'
export { DecryptionError } from './wallets/wallet-errors'
export { walletOwnerKey, walletOwnerSchema } from './wallets/wallet-owner-key'
