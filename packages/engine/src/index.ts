// `@loyaltykit/engine`: what servers, docs and embedders need, nothing else (docs/architecture.md,
// "The public surface"): `createEngine` and its types; every bound operation's types through
// `EngineParameters<'events', 'process'>`, `EngineOptions<…>` and `EngineReturnType<…>` (the functions
// are reached through `engine.<namespace>.<fn>`; no per-operation type is listed here); error classes
// and `isLoyaltyError`; the ports an embedder implements and their defaults; the adapters and helpers
// that build an engine's dependencies. Zod schemas: `@loyaltykit/engine/schemas`. Storage on kysely:
// `@loyaltykit/engine/storage-kysely`. Test helpers: `@loyaltykit/engine/testing`.
export type { AdminPrincipal } from './admin/admin-principal'
export type { OperatorKeyView } from './admin/operator-key-view'
export { AgentForbiddenError, type AgentRefusal } from './agent/agent-forbidden-error'
export type { AgentKeyView } from './agent/agent-key-view'
export { AGENT_RATE_LIMITS, type AgentRateLimits } from './agent/agent-rate-limits'
export type {
  AgentCaller,
  AgentTool,
  AgentToolAnnotations,
  AgentToolGroup,
  AgentToolSettings,
} from './agent/agent-tool'
export { AGENT_TOOLS } from './agent/agent-tools'
export type { AgentRequest } from './agent/authenticate-agent'
export type { ConverseLlmSettings } from './agent/converse/llm-converse'
export type { AgentEnvelope } from './agent/run-agent-tool'
export { type DeployContractsParameters, deployContracts } from './chain/deploy-contracts'
export { DEFAULT_MAX_FEE_PER_GAS, DEFAULT_MAX_GAS, defaultGasCaps, GasCapExceededError } from './chain/gas-caps'
export { withGasCaps } from './chain/with-gas-caps'
export { type ConstraintCheckOptions, DEFAULT_CONSTRAINT_CHECK_OPTIONS } from './constraints/constraint-check-options'
export { ConstraintCheckFailedError, InvalidInvalidationRequestError } from './constraints/constraint-errors'
export type { EngineContext } from './context'
export { type CreateEngineParameters, createEngine, type Engine } from './create-engine'
export { createNodeDnsResolver, type DnsResolver, type NodeDnsResolverOptions } from './dns/dns-resolver'
export type {
  EngineNamespace,
  EngineOperation,
  EngineOptions,
  EngineParameters,
  EngineReturnType,
} from './engine-operation-types'
export {
  ConfigError,
  ConflictError,
  type FieldIssue,
  NotFoundError,
  UnavailableError,
  ValidationError,
} from './errors/common-errors'
export { type ErrorCategory, isLoyaltyError, LoyaltyError, type LoyaltyErrorOptions } from './errors/loyalty-error'
export { RateLimitedError, type RateLimitInfo } from './errors/rate-limited-error'
export { RequestSignatureError, type SignatureRefusal } from './errors/request-signature-error'
export type { EligibilityReason } from './events/check-eligibility-schema'
export {
  ChannelNotAllowedError,
  DomainNotAuthorizedError,
  DuplicateEventError,
  EventTypeNotConfiguredError,
} from './events/event-errors'
export type { RewardEventWire } from './events/list-events'
export type { BulkEventResult } from './events/process-bulk-events'
export { refusalError } from './events/refusal-error'
export type { SettledEvent } from './events/settle-event'
export type { IdentityProbe, ServiceStatus } from './health/check-health'
export type { ReadinessChecks } from './health/check-readiness'
export type { SignerGauge } from './health/read-gauges'
export {
  type AccessTokenClaims,
  type AccessTokenKeySource,
  type AccessTokenVerifier,
  type AccessTokenVerifierOptions,
  createAccessTokenVerifier,
} from './identity/access-token-verifier'
export { generateIdentitySigningKey } from './identity/generate-identity-signing-key'
export type { TokenBalance } from './identity/get-token-balance'
export {
  AuthenticationError,
  DevLoginDisabledError,
  IdentityProviderError,
  TypedDataNotAllowedError,
  WalletNotCustodialError,
} from './identity/identity-errors'
export type { IdentityServices } from './identity/identity-services'
export {
  createLocalTokenIssuer,
  LOCAL_TOKEN_AUDIENCE,
  LOCAL_TOKEN_ISSUER,
  type LocalTokenIssuer,
  type LocalTokenIssuerOptions,
} from './identity/local-token-issuer'
export {
  createPrivyIdentityProvider,
  PRIVY_API_URL,
  type PrivyIdentityProviderOptions,
} from './identity/privy-identity-provider'
export type { BalanceDrift, EntryDrift, ReconcileProgress } from './ledger/reconcile-ledger'
export type { MemberLedgerEntry } from './members/member-ledger-entry'
export type { Minter } from './minting/create-minter'
export type { MintJob } from './minting/mint-job'
export type { MinterOptions } from './minting/minter-options'
export type { MinterStats } from './minting/minter-runtime'
export type { ClawbackWorkerStats } from './payments/clawback-runtime'
export { fillSessionId } from './payments/complete-local-checkout'
export type { ClawbackWorker, ClawbackWorkerOptions } from './payments/create-clawback-worker'
export type { RefundClawbackReport } from './payments/list-refund-clawbacks'
export {
  createLocalPaymentProvider,
  LOCAL_PAYMENT_PROVIDER,
  type LocalPaymentProviderOptions,
} from './payments/local-payment-provider'
export {
  PaymentNotCompletedError,
  PaymentProviderError,
  PaymentSessionNotFoundError,
  SessionMetadataError,
  type SessionMetadataErrorCode,
  WebhookSignatureError,
} from './payments/payment-errors'
export type { PerkTokenStatus } from './perks/get-perk-status'
export {
  CollectionNotFoundError,
  PerkChargesError,
  PerkNotOwnedError,
  PerkTokenNotFoundError,
} from './perks/perk-errors'
export { type PerkRedemptionRefusal, PerkRedemptionRefusedError } from './perks/perk-redemption-refused-error'
export type {
  RecoverPendingRedemptionsParameters,
  RecoverPendingRedemptionsReturnType,
} from './perks/recover-pending-redemptions'
export type { RedeemForMemberParameters, RedeemForMemberReturnType } from './perks/redeem-for-member'
export type { PointsSaleItem } from './points-sale/list-points-sale-items'
export { AGENT_TIERS, type AgentKeyRecord, type AgentKeyStore, type AgentTier } from './ports/agent-key-store'
export type { ApiKeyRecord, ApiKeyScope, ApiKeyStore, BrandSecretKind } from './ports/api-key-store'
export type { Backlog, BacklogStore } from './ports/backlog-store'
export type { Brand, BrandStore } from './ports/brand-store'
export type { ChainPort, ContractAddresses, GasCaps } from './ports/chain'
export type { ChainJournalEntry, ChainJournalStore } from './ports/chain-journal-store'
export { type Clock, systemClock } from './ports/clock'
export type { ConstraintCacheEntry, ConstraintStore, PerkConstraint } from './ports/constraint-store'
export type { EngineObservation, EngineObserver } from './ports/engine-observer'
export type { ClaimKey, EventStore, ListedRewardEvent, ListRewardEventsQuery, RewardEvent } from './ports/event-store'
export type {
  IdempotencyClaim,
  IdempotencyClaimRef,
  IdempotencyStore,
  IdempotentResponse,
} from './ports/idempotency-store'
export type { CreatedIdentity, IdentityProvider, IdentityUser, ProviderAccount } from './ports/identity-provider'
export type { IdentityAccount, IdentityStore, ReadyIdentity } from './ports/identity-store'
export type { Ids } from './ports/ids'
export type { KeyVault } from './ports/key-vault'
export type { LeaseAcquireResult, LeaseRecord, LeaseStore } from './ports/lease-store'
export {
  LEDGER_KINDS,
  type LedgerCursor,
  type LedgerEntry,
  type LedgerKind,
  type LedgerPage,
  type LedgerStatus,
  type LedgerStore,
  type MemberTotals,
  type MintBatchSettlement,
  type WalletSum,
} from './ports/ledger-store'
export { type Logger, silentLogger } from './ports/logger'
export type {
  MintBatchRecord,
  MintBatchStatus,
  MintJobRecord,
  MintJobStatus,
  MintStore,
  MintTxRecord,
  MintTxStatus,
} from './ports/mint-store'
export type { NonceScope, NonceStore } from './ports/nonce-store'
export type { OperatorKeyRecord, OperatorKeyStore } from './ports/operator-key-store'
export type {
  CheckoutSession,
  CreateCheckoutSessionParameters,
  PaymentEvent,
  PaymentProvider,
  ProviderRefund,
  WebhookHeaders,
} from './ports/payment-provider'
export type {
  CheckoutSessionRecord,
  CheckoutSessionStatus,
  PaymentEventRecord,
  PaymentRecord,
  PaymentStore,
  RefundClawbackRecord,
  RefundClawbackStatus,
} from './ports/payment-store'
export type { PerkRecord, PerkStore } from './ports/perk-store'
export type { PointsSaleItemRecord, PointsSaleStore } from './ports/points-sale-store'
export type { PregenerationRecord, PregenerationStore } from './ports/pregeneration-store'
export type { RateLimitHit, RateLimitStore, RateLimitWindow } from './ports/rate-limit-store'
export type { RedemptionCode, RedemptionCodeStore } from './ports/redemption-code-store'
export type {
  RelayGasSubject,
  RelayGasUsage,
  RelayStore,
  RelayTxKind,
  RelayTxRecord,
  RelayTxStatus,
} from './ports/relay-store'
export type { DetectionConfig, EventRule, RuleStore } from './ports/rule-store'
export type { SettingsStore } from './ports/settings-store'
export type { SignatureReplayStore } from './ports/signature-replay-store'
export type {
  SiteAuditEntry,
  SiteCheckIn,
  SiteMember,
  SiteMilestoneClaim,
  SiteStore,
  StreakLeaderboardRow,
} from './ports/site-store'
export type { MigrationState, MigrationStatus, Storage, Stores } from './ports/storage'
export type { WalletKey, WalletKeys } from './ports/wallet-keys'
export type { CustodialWallet, WalletOwner, WalletStore } from './ports/wallet-store'
export type {
  ClaimedWebhookDelivery,
  WebhookAttemptOutcome,
  WebhookDeliveryRecord,
  WebhookDeliveryStatus,
  WebhookEndpointRecord,
  WebhookStore,
} from './ports/webhook-store'
export type { PregenerateUserResponse } from './pregeneration/pregenerate-user'
export {
  InvalidDiscordUserIdError,
  InvalidOAuthCredentialsError,
  InvalidOAuthProviderError,
  InvalidPregenerationFieldError,
  MissingFieldsError,
} from './pregeneration/pregeneration-errors'
export { DEFAULT_PREGENERATION_LIMITS, type PregenerationLimits } from './pregeneration/pregeneration-limits'
export { type ProofKind, ProofNotFoundError } from './proofs/proof-errors'
export type { ProofFacts } from './proofs/proof-facts-schema'
export type { RelayResult } from './relay/relay'
export {
  ClaimLimitReachedError,
  ContractNotWhitelistedError,
  OriginNotAllowedError,
  RelayMissingFieldsError,
  RelayUnavailableError,
  TransactionFailedError,
  TransactionNotAllowedError,
} from './relay/relay-errors'
export {
  RELAY_MAX_FEE_PER_GAS,
  RELAY_MAX_GAS_LIMIT,
  RELAY_REQUESTS_PER_MINUTE_PER_IP,
  RELAY_TRANSACTIONS_PER_HOUR,
  type RelayOptions,
} from './relay/relay-options'
export type { RelayPermit } from './relay/relay-schema'
export {
  createRelaySender,
  type RelaySender,
  type RelaySenderStats,
  type RelaySendOptions,
  type RelayTxIntent,
  type RelayTxOutcome,
} from './relay/relay-sender'
export { type EventRuleWire, toEventRuleWire } from './schemas/event-rule'
export { LeaseLostError } from './signers/lease-lost-error'
export { canonicalRequest } from './signing/canonical-request'
export type { StreakState } from './site/streak-state'
export { createAesGcmKeyVault } from './wallets/aes-gcm-key-vault'
export type { WalletInfo } from './wallets/find-wallet-by-owner'
export { DecryptionError } from './wallets/wallet-errors'
export { hostOf } from './web/domain-names'
export type { WebhookDispatcher, WebhookDispatcherStats } from './webhooks/create-webhook-dispatcher'
export type { TokensDistributedPayload } from './webhooks/tokens-distributed-payload'
export type { WebhookDelivery } from './webhooks/webhook-delivery'
export { DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS, type WebhookDispatcherOptions } from './webhooks/webhook-dispatcher-options'
export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhooks/webhook-event-types'
