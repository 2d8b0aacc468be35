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
export { isKnownBrandOrigin } from './brands/is-known-brand-origin'
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
export { classifySendError, type SendErrorKind } from './chain/classify-send-error'
export { type DeployContractsParameters, deployContracts } from './chain/deploy-contracts'
export { diagnoseNonceTooLow, type NonceTooLowDiagnosis } from './chain/diagnose-nonce-too-low'
export { type Eip1559Fees, feesWithinCaps } from './chain/fees-within-caps'
export {
  assertWithinGasCaps,
  DEFAULT_MAX_FEE_PER_GAS,
  DEFAULT_MAX_GAS,
  defaultGasCaps,
  GasCapExceededError,
} from './chain/gas-caps'
export { withGasCaps } from './chain/with-gas-caps'
export {
  type CheckPurchaseConstraintParameters,
  type CheckPurchaseConstraintReturnType,
  checkPurchaseConstraint,
} from './constraints/check-purchase-constraint'
export { type ConstraintCheckOptions, DEFAULT_CONSTRAINT_CHECK_OPTIONS } from './constraints/constraint-check-options'
export { ConstraintCheckFailedError, InvalidInvalidationRequestError } from './constraints/constraint-errors'
export { externalApiUrlSchema, normalizeApiUrl } from './constraints/external-api-url'
export {
  type InvalidateConstraintCacheReturnType,
  invalidateConstraintCache,
} from './constraints/invalidate-constraint-cache'
export { isPrivateAddress } from './constraints/is-private-address'
export { type ListPerkConstraintsParameters, listPerkConstraints } from './constraints/list-perk-constraints'
export { type RemovePerkConstraintParameters, removePerkConstraint } from './constraints/remove-perk-constraint'
export { type SetPerkConstraintParameters, setPerkConstraint } from './constraints/set-perk-constraint'
export type { EngineContext } from './context'
export { type CreateEngineParameters, createEngine, type Engine } from './create-engine'
export { createNodeDnsResolver, type DnsResolver, type NodeDnsResolverOptions } from './dns/dns-resolver'
export { parseLoyaltyTxt } from './dns/parse-loyalty-txt'
export { type VerifyDnsReturnType, verifyDns } from './dns/verify-dns'
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
export { parseInput, toFieldIssues } from './errors/zod-issues'
export { acceptEvent } from './events/accept-event'
export { type ClaimDecision, evaluateClaim, INTERNAL_EVENT_SOURCES } from './events/evaluate-claim'
export {
  ChannelNotAllowedError,
  DomainNotAuthorizedError,
  DuplicateEventError,
  EventTypeNotConfiguredError,
} from './events/event-errors'
export { type GetEventConfigReturnType, getEventConfig } from './events/get-event-config'
export { type ManualEventInput, manualEventSchema } from './events/manual-event-schema'
export {
  type BulkEventResult,
  MAX_BULK_EVENTS,
  type ProcessBulkEventsReturnType,
  processBulkEvents,
} from './events/process-bulk-events'
export { type ProcessEventOptions, type ProcessEventReturnType, processEvent } from './events/process-event'
export type { SettledEvent } from './events/settle-event'
export {
  type AccessTokenClaims,
  type AccessTokenKeySource,
  type AccessTokenVerifier,
  type AccessTokenVerifierOptions,
  createAccessTokenVerifier,
} from './identity/access-token-verifier'
export {
  type ApprovedPermit,
  approvedPermit,
  MAX_PERMIT_LIFETIME_SECONDS,
  PERMIT_TYPES,
} from './identity/approved-permit'
export { type DevLoginParameters, type DevLoginReturnType, devLogin } from './identity/dev-login'
export { type EnsureIdentityOptions, type EnsureIdentityReturnType, ensureIdentity } from './identity/ensure-identity'
export { generateIdentitySigningKey } from './identity/generate-identity-signing-key'
export { getTokenBalance, type TokenBalance } from './identity/get-token-balance'
export {
  AuthenticationError,
  DevLoginDisabledError,
  IdentityProviderError,
  TypedDataNotAllowedError,
  WalletNotCustodialError,
} from './identity/identity-errors'
export { identityProviderOf } from './identity/identity-provider-of'
export type { IdentityServices } from './identity/identity-services'
export {
  type LinkIdentitiesParameters,
  type LinkIdentitiesReturnType,
  linkIdentities,
} from './identity/link-identities'
export { createLocalIdentityProvider, type LocalIdentityProviderDeps } from './identity/local-identity-provider'
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
export { resolveWalletOwnerKey } from './identity/resolve-wallet-owner-key'
export { type SignUserTypedDataReturnType, signUserTypedData } from './identity/sign-user-typed-data'
export { type VerifyAccessTokenReturnType, verifyAccessToken } from './identity/verify-access-token'
export { walletOwnerOf } from './identity/wallet-owner-of'
export {
  type GetMigrationStatusParameters,
  type GetMigrationStatusReturnType,
  getMigrationStatus,
  getMigrationStatusParametersSchema,
} from './migrations/get-migration-status'
export { createMinter, type Minter } from './minting/create-minter'
export { type EnqueueMintParameters, type EnqueueMintReturnType, enqueueMint } from './minting/enqueue-mint'
export { type BatchMintLookup, findBatchMint } from './minting/find-batch-mint'
export { type GetMintJobParameters, getMintJob } from './minting/get-mint-job'
export { TOKEN_DECIMALS, tokensToWei } from './minting/mint-amount'
export type { MintJob } from './minting/mint-job'
export type { MinterOptions } from './minting/minter-options'
export type { MinterStats } from './minting/minter-runtime'
export { type WaitForMintOptions, type WaitForMintReturnType, waitForMint } from './minting/wait-for-mint'
export { type AcceptedPayment, acceptPayment, paymentMintKey } from './payments/accept-payment'
export { allocateRefundTokens } from './payments/allocate-refund-tokens'
export { attachAwaitingRefunds } from './payments/attach-awaiting-refunds'
export type { ClawbackWorkerStats } from './payments/clawback-runtime'
export {
  type CompleteLocalCheckoutReturnType,
  completeLocalCheckout,
  fillSessionId,
} from './payments/complete-local-checkout'
export {
  type CreateCheckoutOptions,
  type CreateCheckoutReturnType,
  createCheckout,
} from './payments/create-checkout'
export {
  CHECKOUT_CURRENCIES,
  type CreateCheckoutInput,
  createCheckoutSchema,
  MAX_CHECKOUT_CENTS,
  MIN_CHECKOUT_CENTS,
} from './payments/create-checkout-schema'
export {
  type ClawbackWorker,
  type ClawbackWorkerOptions,
  createClawbackWorker,
} from './payments/create-clawback-worker'
export { getCheckoutSession } from './payments/get-checkout-session'
export { type HandlePaymentEventReturnType, handlePaymentEvent } from './payments/handle-payment-event'
export { listRefundClawbacks, type RefundClawbackReport } from './payments/list-refund-clawbacks'
export {
  createLocalPaymentProvider,
  LOCAL_PAYMENT_PROVIDER,
  type LocalPaymentProviderOptions,
} from './payments/local-payment-provider'
export {
  type MintForPaymentOptions,
  type MintForPaymentReturnType,
  mintForPayment,
  paymentMintSchema,
  settlePayment,
} from './payments/mint-for-payment'
export {
  PaymentNotCompletedError,
  PaymentProviderError,
  PaymentSessionNotFoundError,
  SessionMetadataError,
  type SessionMetadataErrorCode,
  WebhookSignatureError,
} from './payments/payment-errors'
export { type RecordRefundsReturnType, recordRefunds } from './payments/record-refunds'
export { isForeignSession, parseSessionMetadata, type SessionMintFacts } from './payments/session-metadata'
export { formatUsdCents, parseUsdToMilli, TOKENS_PER_USD, tokensForCents } from './payments/usd-amount'
export {
  type CreatePerkParameters,
  createPerk,
  createPerkParametersSchema,
} from './perks/create-perk'
export {
  type GetPerkStatusParameters,
  getPerkStatus,
  type PerkTokenStatus,
  perkTokenStatus,
} from './perks/get-perk-status'
export {
  type ListPerkHoldersParameters,
  type ListPerkHoldersReturnType,
  listPerkHolders,
} from './perks/list-perk-holders'
export { type ListPerksParameters, listPerks } from './perks/list-perks'
export {
  CollectionNotFoundError,
  PerkChargesError,
  PerkNotOwnedError,
  PerkTokenNotFoundError,
} from './perks/perk-errors'
export {
  type RedeemPerkChargesParameters,
  type RedeemPerkChargesReturnType,
  redeemPerkCharges,
} from './perks/redeem-perk-charges'
export { verifyBrandSignature } from './perks/verify-brand-signature'
export type { ApiKeyRecord, ApiKeyScope, ApiKeyStore, BrandSecretKind } from './ports/api-key-store'
export type { Brand, BrandStore } from './ports/brand-store'
export type { ChainPort, ContractAddresses, GasCaps } from './ports/chain'
export type { ChainJournalEntry, ChainJournalStore } from './ports/chain-journal-store'
export { type Clock, systemClock } from './ports/clock'
export type { ConstraintCacheEntry, ConstraintStore, PerkConstraint } from './ports/constraint-store'
export type { ClaimKey, EventStore, RewardEvent } from './ports/event-store'
export type {
  IdempotencyClaim,
  IdempotencyClaimRef,
  IdempotencyStore,
  IdempotentResponse,
} from './ports/idempotency-store'
export type { CreatedIdentity, IdentityProvider, IdentityUser, ProviderAccount } from './ports/identity-provider'
export type { IdentityAccount, IdentityStore, ReadyIdentity } from './ports/identity-store'
export { type Ids, randomIds } from './ports/ids'
export type { KeyVault } from './ports/key-vault'
export type { LeaseAcquireResult, LeaseRecord, LeaseStore } from './ports/lease-store'
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
export type { PregenerationRecord, PregenerationStore } from './ports/pregeneration-store'
export type { RateLimitHit, RateLimitStore, RateLimitWindow } from './ports/rate-limit-store'
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
export { looksLikeTestId } from './pregeneration/looks-like-test-id'
export {
  isOAuthProvider,
  OAUTH_PROVIDER_RULES,
  OAUTH_PROVIDERS,
  type OAuthProvider,
  type OAuthProviderRules,
} from './pregeneration/oauth-providers'
export { type PregenerateRequest, parsePregenerateRequest } from './pregeneration/parse-pregenerate-request'
export {
  type PregenerateUserOptions,
  type PregenerateUserResponse,
  type PregenerateUserReturnType,
  pregenerateUser,
} from './pregeneration/pregenerate-user'
export {
  InvalidDiscordUserIdError,
  InvalidOAuthCredentialsError,
  InvalidOAuthProviderError,
  InvalidPregenerationFieldError,
  MissingFieldsError,
} from './pregeneration/pregeneration-errors'
export {
  DEFAULT_PREGENERATION_LIMITS,
  enforcePregenerationLimits,
  type PregenerationLimits,
} from './pregeneration/pregeneration-limits'
export { APPROVED_RELAY_FUNCTIONS, type ApprovedRelayCall, approvedRelayCall } from './relay/approved-relay-call'
export { decodeRelayRevert, type RelayRevert } from './relay/decode-relay-revert'
export {
  type GetRelayGasUsageParameters,
  getRelayGasUsage,
} from './relay/get-relay-gas-usage'
export { hitRelayIpLimit } from './relay/hit-relay-ip-limit'
export { type RelayParameters, type RelayResult, type RelayReturnType, relay } from './relay/relay'
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
export { type RelayPermit, type RelayRequest, relayRequestSchema } from './relay/relay-request-schema'
export {
  createRelaySender,
  type RelaySender,
  type RelaySenderStats,
  type RelaySendOptions,
  type RelayTxIntent,
  type RelayTxOutcome,
} from './relay/relay-sender'
export { relaySenderOf } from './relay/relay-sender-of'
export { DEFAULT_EVENT_RULES } from './rules/default-event-rules'
export { type ListRulesParameters, listRules, listRulesParametersSchema } from './rules/list-rules'
export { newEventRule } from './rules/new-event-rule'
export { type SetRuleParameters, setRule, setRuleParametersSchema } from './rules/set-rule'
export { brandIdSchema } from './schemas/brand-id'
export { emailSchema, normalizeEmail } from './schemas/email'
export { type EventRuleWire, eventRuleWireSchema, toEventRuleWire } from './schemas/event-rule'
export { eventTypeSchema } from './schemas/event-type'
export { websiteOriginSchema } from './schemas/website-origin'
export {
  bulkEventFailureSchema,
  bulkEventResultSchema,
  bulkEventsRequestSchema,
  bulkEventsResponseSchema,
} from './schemas/wire/bulk-events'
export { createCheckoutRequestSchema, createCheckoutResponseSchema } from './schemas/wire/create-checkout'
export { devLoginRequestSchema, devLoginResponseSchema } from './schemas/wire/dev-login'
export { eventConfigRequestSchema, eventConfigResponseSchema } from './schemas/wire/event-config'
export {
  debugResponseSchema,
  diagnosticResponseSchema,
  healthResponseSchema,
  serviceStatusSchema,
} from './schemas/wire/health'
export {
  invalidateExternalApiRequestSchema,
  invalidateExternalApiResponseSchema,
} from './schemas/wire/invalidate-external-api'
export { eventRewardSchema, manualEventRequestSchema, manualEventResponseSchema } from './schemas/wire/manual-event'
export { paymentMintRequestSchema, paymentMintResponseSchema } from './schemas/wire/payment-mint'
export {
  checkPerkStatusRequestSchema,
  checkPerkStatusResponseSchema,
  listPerkHoldersRequestSchema,
  listPerkHoldersResponseSchema,
  perkHolderSchema,
  redeemPerkRequestSchema,
  redeemPerkResponseSchema,
} from './schemas/wire/perk-charges'
export { pregenerateUserRequestSchema, pregenerateUserResponseSchema } from './schemas/wire/pregenerate-user'
export { relayPermitWireSchema, relayResponseSchema, relayWireRequestSchema } from './schemas/wire/relay'
export { tokensDistributedEventSchema } from './schemas/wire/tokens-distributed'
export { verifyDnsRequestSchema, verifyDnsResponseSchema } from './schemas/wire/verify-dns'
export {
  permitSchema,
  signTypedDataRequestSchema,
  signTypedDataResponseSchema,
  walletResponseSchema,
} from './schemas/wire/wallet'
export { wireFormats } from './schemas/wire/wire-formats'
export { LeaseLostError } from './signers/lease-lost-error'
export { type CanonicalRequestParts, canonicalRequest } from './signing/canonical-request'
export {
  SIGNATURE_TOLERANCE_SECONDS,
  type SignedRequestParts,
  verifyRequestSignature,
} from './signing/verify-request-signature'
export { stripControlCharacters } from './text/strip-control-characters'
export { createAesGcmKeyVault } from './wallets/aes-gcm-key-vault'
export { findWalletByOwner, type WalletInfo } from './wallets/find-wallet-by-owner'
export { type GetOrCreateWalletReturnType, getOrCreateWallet } from './wallets/get-or-create-wallet'
export { loadWalletAccount } from './wallets/load-wallet-account'
export { DecryptionError } from './wallets/wallet-errors'
export { walletOwnerKey, walletOwnerSchema } from './wallets/wallet-owner-key'
export { hostOf, isSameOrSubdomain, isValidDomain } from './web/domain-names'
export { isDomainAuthorized } from './web/is-domain-authorized'
export {
  createWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookDispatcherStats,
} from './webhooks/create-webhook-dispatcher'
export {
  type EnqueueWebhookParameters,
  type EnqueueWebhookReturnType,
  enqueueWebhook,
} from './webhooks/enqueue-webhook'
export { getWebhookEndpoint } from './webhooks/get-webhook-endpoint'
export {
  type ListWebhookDeliveriesParameters,
  listWebhookDeliveries,
  listWebhookDeliveriesParametersSchema,
} from './webhooks/list-webhook-deliveries'
export { redeliverWebhook } from './webhooks/redeliver-webhook'
export { sampleWebhookBody } from './webhooks/sample-webhook-body'
export {
  type SetWebhookEndpointParameters,
  type SetWebhookEndpointReturnType,
  setWebhookEndpoint,
  setWebhookEndpointParametersSchema,
} from './webhooks/set-webhook-endpoint'
export {
  type SetWebhookEndpointEnabledParameters,
  setWebhookEndpointEnabled,
  setWebhookEndpointEnabledParametersSchema,
} from './webhooks/set-webhook-endpoint-enabled'
export { signWebhook, type WebhookSignatureHeaders } from './webhooks/sign-webhook'
export type { TokensDistributedPayload } from './webhooks/tokens-distributed-payload'
export {
  type TriggerWebhookOptions,
  type TriggerWebhookReturnType,
  triggerWebhook,
} from './webhooks/trigger-webhook'
export { type TriggerWebhookParameters, triggerWebhookParametersSchema } from './webhooks/trigger-webhook-schema'
export type { WebhookDelivery } from './webhooks/webhook-delivery'
export {
  DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS,
  type WebhookDispatcherOptions,
} from './webhooks/webhook-dispatcher-options'
export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhooks/webhook-event-types'
export { generateWebhookSecret } from './webhooks/webhook-secret'
export { webhookUrlSchema } from './webhooks/webhook-url'
