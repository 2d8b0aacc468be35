// `@loyaltykit/engine`: what servers, docs and embedders need, nothing else (docs/architecture.md,
// "The public surface"): `createEngine` and its types; each bound operation's Parameters, ReturnType
// and Options types (the functions themselves are reached through `engine.<namespace>.<fn>`); error
// classes and `isLoyaltyError`; the ports an embedder implements and their defaults; the adapters and
// helpers that build an engine's dependencies. Zod schemas: `@loyaltykit/engine/schemas`. Storage on
// kysely: `@loyaltykit/engine/storage-kysely`. Test helpers: `@loyaltykit/engine/testing`.
export { AgentForbiddenError, type AgentRefusal } from './agent/agent-forbidden-error'
export type { AgentKeyView } from './agent/agent-key-view'
export { AGENT_RATE_LIMITS, type AgentRateLimits } from './agent/agent-rate-limits'
export type { AgentCaller, AgentTool, AgentToolAnnotations, AgentToolGroup } from './agent/agent-tool'
export { AGENT_TOOLS } from './agent/agent-tools'
export type { AgentRequest } from './agent/authenticate-agent'
export type { CreateAgentKeyParameters, CreateAgentKeyReturnType } from './agent/create-agent-key'
export type { ListAgentKeysParameters } from './agent/list-agent-keys'
export type { RevokeAgentKeyParameters } from './agent/revoke-agent-key'
export type { RotateAgentKeyParameters } from './agent/rotate-agent-key'
export type {
  AgentEnvelope,
  RunAgentToolOptions,
  RunAgentToolParameters,
  RunAgentToolReturnType,
} from './agent/run-agent-tool'
export type { BrandOwnsOriginParameters } from './brands/brand-owns-origin'
export type { CreateApiKeyParameters } from './brands/create-api-key'
export type { CreateBrandParameters, CreateBrandReturnType } from './brands/create-brand'
export type { EnsureDemoBrandParameters, EnsureDemoBrandReturnType } from './brands/ensure-demo-brand'
export type { GetBrandParameters } from './brands/get-brand'
export type { GetBrandSecurityKeyParameters } from './brands/get-brand-security-key'
export type { IsKnownBrandOriginOptions, IsKnownBrandOriginParameters } from './brands/is-known-brand-origin'
export type { ListApiKeysParameters } from './brands/list-api-keys'
export type { ListBrandsParameters } from './brands/list-brands'
export type { RevokeApiKeyParameters } from './brands/revoke-api-key'
export type { RotateSecurityKeyParameters } from './brands/rotate-security-key'
export type { SetBrandWebsitesParameters } from './brands/set-brand-websites'
export type { VerifyApiKeyParameters } from './brands/verify-api-key'
export { type DeployContractsParameters, deployContracts } from './chain/deploy-contracts'
export { DEFAULT_MAX_FEE_PER_GAS, DEFAULT_MAX_GAS, defaultGasCaps, GasCapExceededError } from './chain/gas-caps'
export { withGasCaps } from './chain/with-gas-caps'
export type {
  CheckPurchaseConstraintParameters,
  CheckPurchaseConstraintReturnType,
} from './constraints/check-purchase-constraint'
export { type ConstraintCheckOptions, DEFAULT_CONSTRAINT_CHECK_OPTIONS } from './constraints/constraint-check-options'
export { ConstraintCheckFailedError, InvalidInvalidationRequestError } from './constraints/constraint-errors'
export type {
  InvalidateConstraintCacheOptions,
  InvalidateConstraintCacheReturnType,
} from './constraints/invalidate-constraint-cache'
export type { InvalidateConstraintCacheParameters } from './constraints/invalidate-constraint-cache-schema'
export type { ListPerkConstraintsParameters } from './constraints/list-perk-constraints'
export type { RemovePerkConstraintParameters } from './constraints/remove-perk-constraint'
export type { SetPerkConstraintParameters } from './constraints/set-perk-constraint'
export type { EngineContext } from './context'
export { type CreateEngineParameters, createEngine, type Engine } from './create-engine'
export { createNodeDnsResolver, type DnsResolver, type NodeDnsResolverOptions } from './dns/dns-resolver'
export type { VerifyDnsOptions, VerifyDnsReturnType } from './dns/verify-dns'
export type { VerifyDnsParameters } from './dns/verify-dns-schema'
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
export type { CheckEligibilityOptions, CheckEligibilityReturnType } from './events/check-eligibility'
export type { CheckEligibilityParameters, EligibilityReason } from './events/check-eligibility-schema'
export {
  ChannelNotAllowedError,
  DomainNotAuthorizedError,
  DuplicateEventError,
  EventTypeNotConfiguredError,
} from './events/event-errors'
export type { GetEventConfigOptions, GetEventConfigReturnType } from './events/get-event-config'
export type { GetEventConfigParameters } from './events/get-event-config-schema'
export type { ListEventsOptions, ListEventsReturnType, RewardEventWire } from './events/list-events'
export type { ListEventsParameters } from './events/list-events-schema'
export type {
  BulkEventResult,
  ProcessBulkEventsOptions,
  ProcessBulkEventsReturnType,
} from './events/process-bulk-events'
export type { ProcessBulkEventsParameters } from './events/process-bulk-events-schema'
export type { ProcessEventOptions, ProcessEventReturnType } from './events/process-event'
export type { ProcessEventParameters } from './events/process-event-schema'
export { refusalError } from './events/refusal-error'
export type { SettledEvent } from './events/settle-event'
export type { CheckHealthOptions, CheckHealthReturnType, IdentityProbe, ServiceStatus } from './health/check-health'
export type { CheckHealthParameters } from './health/check-health-schema'
export type {
  CheckReadinessOptions,
  CheckReadinessReturnType,
  ReadinessChecks,
} from './health/check-readiness'
export type { CheckReadinessParameters } from './health/check-readiness-schema'
export type {
  ReadGaugesOptions,
  ReadGaugesParameters,
  ReadGaugesReturnType,
  SignerGauge,
} from './health/read-gauges'
export type { ClaimIdempotencyKeyOptions, ClaimIdempotencyKeyParameters } from './idempotency/claim-idempotency-key'
export type {
  CompleteIdempotencyKeyOptions,
  CompleteIdempotencyKeyParameters,
} from './idempotency/complete-idempotency-key'
export type { ExtendIdempotencyKeyOptions, ExtendIdempotencyKeyParameters } from './idempotency/extend-idempotency-key'
export type { PurgeIdempotencyKeysParameters } from './idempotency/purge-idempotency-keys'
export type { ReleaseIdempotencyKeyParameters } from './idempotency/release-idempotency-key'
export {
  type AccessTokenClaims,
  type AccessTokenKeySource,
  type AccessTokenVerifier,
  type AccessTokenVerifierOptions,
  createAccessTokenVerifier,
} from './identity/access-token-verifier'
export type { DevLoginReturnType } from './identity/dev-login'
export type { DevLoginParameters } from './identity/dev-login-schema'
export { generateIdentitySigningKey } from './identity/generate-identity-signing-key'
export type { GetTokenBalanceParameters, TokenBalance } from './identity/get-token-balance'
export type { GetUserWalletOptions, GetUserWalletReturnType } from './identity/get-user-wallet'
export type { GetUserWalletParameters } from './identity/get-user-wallet-schema'
export {
  AuthenticationError,
  DevLoginDisabledError,
  IdentityProviderError,
  TypedDataNotAllowedError,
  WalletNotCustodialError,
} from './identity/identity-errors'
export type { IdentityServices } from './identity/identity-services'
export type { LinkIdentitiesParameters, LinkIdentitiesReturnType } from './identity/link-identities'
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
export type { SignUserTypedDataOptions, SignUserTypedDataReturnType } from './identity/sign-user-typed-data'
export type { SignUserTypedDataParameters } from './identity/sign-user-typed-data-schema'
export type { VerifyAccessTokenParameters, VerifyAccessTokenReturnType } from './identity/verify-access-token'
export type {
  BalanceDrift,
  EntryDrift,
  ReconcileLedgerOptions,
  ReconcileLedgerParameters,
  ReconcileLedgerReturnType,
  ReconcileProgress,
} from './ledger/reconcile-ledger'
export type { GetMemberOptions, GetMemberReturnType } from './members/get-member'
export type { GetMemberParameters } from './members/get-member-schema'
export type {
  ListMemberHistoryOptions,
  ListMemberHistoryReturnType,
  MemberLedgerEntry,
} from './members/list-member-history'
export type { ListMemberHistoryParameters } from './members/list-member-history-schema'
export type { GetMigrationStatusParameters, GetMigrationStatusReturnType } from './migrations/get-migration-status'
export type { Minter } from './minting/create-minter'
export type { EnqueueMintJobParameters } from './minting/enqueue-mint-job'
export type { GetMintJobParameters } from './minting/get-mint-job'
export type { MintJob } from './minting/mint-job'
export type { MinterOptions } from './minting/minter-options'
export type { MinterStats } from './minting/minter-runtime'
export type { WaitForMintOptions, WaitForMintParameters, WaitForMintReturnType } from './minting/wait-for-mint'
export type { ClawbackWorkerStats } from './payments/clawback-runtime'
export {
  type CompleteLocalCheckoutOptions,
  type CompleteLocalCheckoutParameters,
  type CompleteLocalCheckoutReturnType,
  fillSessionId,
} from './payments/complete-local-checkout'
export type { CreateCheckoutOptions, CreateCheckoutReturnType } from './payments/create-checkout'
export type { CreateCheckoutParameters } from './payments/create-checkout-schema'
export type { ClawbackWorker, ClawbackWorkerOptions } from './payments/create-clawback-worker'
export type { GetCheckoutSessionParameters } from './payments/get-checkout-session'
export type { GetClawbackSignerParameters, GetClawbackSignerReturnType } from './payments/get-clawback-signer'
export type { HandlePaymentEventOptions, HandlePaymentEventReturnType } from './payments/handle-payment-event'
export type { HandlePaymentEventParameters } from './payments/handle-payment-event-schema'
export type { ListRefundClawbacksParameters, RefundClawbackReport } from './payments/list-refund-clawbacks'
export {
  createLocalPaymentProvider,
  LOCAL_PAYMENT_PROVIDER,
  type LocalPaymentProviderOptions,
} from './payments/local-payment-provider'
export type { MintForPaymentOptions, MintForPaymentReturnType } from './payments/mint-for-payment'
export type { MintForPaymentParameters } from './payments/mint-for-payment-schema'
export {
  PaymentNotCompletedError,
  PaymentProviderError,
  PaymentSessionNotFoundError,
  SessionMetadataError,
  type SessionMetadataErrorCode,
  WebhookSignatureError,
} from './payments/payment-errors'
export type { CreatePerkParameters } from './perks/create-perk'
export type { GetPerkStatusOptions, PerkTokenStatus } from './perks/get-perk-status'
export type { GetPerkStatusParameters } from './perks/get-perk-status-schema'
export type { ListPerkHoldersOptions, ListPerkHoldersReturnType } from './perks/list-perk-holders'
export type { ListPerkHoldersParameters } from './perks/list-perk-holders-schema'
export type { ListPerksParameters } from './perks/list-perks'
export {
  CollectionNotFoundError,
  PerkChargesError,
  PerkNotOwnedError,
  PerkTokenNotFoundError,
} from './perks/perk-errors'
export type { RedeemPerkChargesOptions, RedeemPerkChargesReturnType } from './perks/redeem-perk-charges'
export type { RedeemPerkChargesParameters } from './perks/redeem-perk-charges-schema'
export type { VerifyBrandSignatureParameters } from './perks/verify-brand-signature'
export type { AddPointsSaleItemParameters, AddPointsSaleItemReturnType } from './points-sale/add-points-sale-item'
export type { ListPointsSaleItemsReturnType, PointsSaleItem } from './points-sale/list-points-sale-items'
export type { ListPointsSaleItemsParameters } from './points-sale/list-points-sale-items-schema'
export { AGENT_TIERS, type AgentKeyRecord, type AgentKeyStore, type AgentTier } from './ports/agent-key-store'
export type { ApiKeyRecord, ApiKeyScope, ApiKeyStore, BrandSecretKind } from './ports/api-key-store'
export type { Backlog, BacklogStore } from './ports/backlog-store'
export type { Brand, BrandStore } from './ports/brand-store'
export type { ChainPort, ContractAddresses, GasCaps } from './ports/chain'
export type { ChainJournalEntry, ChainJournalStore } from './ports/chain-journal-store'
export { type Clock, systemClock } from './ports/clock'
export type { ConstraintCacheEntry, ConstraintStore, PerkConstraint } from './ports/constraint-store'
export type { EngineObservation, EngineObserver } from './ports/engine-observer'
export type {
  ClaimKey,
  EventStore,
  ListedRewardEvent,
  ListRewardEventsQuery,
  RewardEvent,
} from './ports/event-store'
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
export type { MigrationState, MigrationStatus, Storage, Stores } from './ports/storage'
export type { CustodialWallet, WalletOwner, WalletStore } from './ports/wallet-store'
export type {
  ClaimedWebhookDelivery,
  WebhookAttemptOutcome,
  WebhookDeliveryRecord,
  WebhookDeliveryStatus,
  WebhookEndpointRecord,
  WebhookStore,
} from './ports/webhook-store'
export type {
  PregenerateUserOptions,
  PregenerateUserResponse,
  PregenerateUserReturnType,
} from './pregeneration/pregenerate-user'
export type { PregenerateUserParameters } from './pregeneration/pregenerate-user-schema'
export {
  InvalidDiscordUserIdError,
  InvalidOAuthCredentialsError,
  InvalidOAuthProviderError,
  InvalidPregenerationFieldError,
  MissingFieldsError,
} from './pregeneration/pregeneration-errors'
export { DEFAULT_PREGENERATION_LIMITS, type PregenerationLimits } from './pregeneration/pregeneration-limits'
export type { GetEventProofOptions, GetEventProofReturnType } from './proofs/get-event-proof'
export type { GetEventProofParameters } from './proofs/get-event-proof-schema'
export type { GetPaymentProofOptions, GetPaymentProofReturnType } from './proofs/get-payment-proof'
export type { GetPaymentProofParameters } from './proofs/get-payment-proof-schema'
export type { GetRedemptionProofOptions, GetRedemptionProofReturnType } from './proofs/get-redemption-proof'
export type { GetRedemptionProofParameters } from './proofs/get-redemption-proof-schema'
export { type ProofKind, ProofNotFoundError } from './proofs/proof-errors'
export type { ProofFacts } from './proofs/proof-facts-schema'
export type { VerifyProofReturnType } from './proofs/verify-proof'
export type { VerifyProofParameters } from './proofs/verify-proof-schema'
export type { HitRateLimitParameters, HitRateLimitReturnType } from './rate-limits/hit-rate-limit'
export type { PeekRateLimitParameters, PeekRateLimitReturnType } from './rate-limits/peek-rate-limit'
export type { GetRelayGasUsageParameters } from './relay/get-relay-gas-usage'
export type { RelayResult, RelayReturnType } from './relay/relay'
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
export type { RelayParameters, RelayPermit } from './relay/relay-schema'
export {
  createRelaySender,
  type RelaySender,
  type RelaySenderStats,
  type RelaySendOptions,
  type RelayTxIntent,
  type RelayTxOutcome,
} from './relay/relay-sender'
export type { ListRulesParameters } from './rules/list-rules'
export type { SetRuleParameters } from './rules/set-rule'
export { type EventRuleWire, toEventRuleWire } from './schemas/event-rule'
export { LeaseLostError } from './signers/lease-lost-error'
export { createAesGcmKeyVault } from './wallets/aes-gcm-key-vault'
export type { FindWalletByOwnerParameters, WalletInfo } from './wallets/find-wallet-by-owner'
export type {
  GetOrCreateWalletOptions,
  GetOrCreateWalletParameters,
  GetOrCreateWalletReturnType,
} from './wallets/get-or-create-wallet'
export type { LoadWalletAccountParameters } from './wallets/load-wallet-account'
export { DecryptionError } from './wallets/wallet-errors'
export { hostOf } from './web/domain-names'
export type { WebhookDispatcher, WebhookDispatcherStats } from './webhooks/create-webhook-dispatcher'
export type { GetWebhookEndpointParameters } from './webhooks/get-webhook-endpoint'
export type { ListWebhookDeliveriesParameters } from './webhooks/list-webhook-deliveries'
export type { RedeliverWebhookParameters } from './webhooks/redeliver-webhook'
export type { SetWebhookEndpointParameters, SetWebhookEndpointReturnType } from './webhooks/set-webhook-endpoint'
export type { SetWebhookEndpointEnabledParameters } from './webhooks/set-webhook-endpoint-enabled'
export type { TokensDistributedPayload } from './webhooks/tokens-distributed-payload'
export type { TriggerWebhookOptions, TriggerWebhookReturnType } from './webhooks/trigger-webhook'
export type { TriggerWebhookParameters } from './webhooks/trigger-webhook-schema'
export type { WebhookDelivery } from './webhooks/webhook-delivery'
export { DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS, type WebhookDispatcherOptions } from './webhooks/webhook-dispatcher-options'
export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhooks/webhook-event-types'
