export {
  type BrandOwnsOriginParameters,
  brandOwnsOrigin,
  brandOwnsOriginParametersSchema,
} from './brands/brand-owns-origin'
export { type CreateApiKeyParameters, createApiKey, createApiKeyParametersSchema } from './brands/create-api-key'
export {
  BRAND_API_KEY_SCOPES,
  type CreateBrandParameters,
  type CreateBrandReturnType,
  createBrand,
  createBrandParametersSchema,
} from './brands/create-brand'
export {
  type EnsureDemoBrandParameters,
  type EnsureDemoBrandReturnType,
  ensureDemoBrand,
  ensureDemoBrandParametersSchema,
} from './brands/ensure-demo-brand'
export { type GetBrandParameters, getBrand, getBrandParametersSchema } from './brands/get-brand'
export {
  type GetBrandSecurityKeyParameters,
  getBrandSecurityKey,
  getBrandSecurityKeyParametersSchema,
} from './brands/get-brand-security-key'
export { hashApiKey } from './brands/hash-api-key'
export {
  type IsKnownBrandOriginOptions,
  type IsKnownBrandOriginParameters,
  isKnownBrandOrigin,
  isKnownBrandOriginParametersSchema,
} from './brands/is-known-brand-origin'
export { type ListApiKeysParameters, listApiKeys, listApiKeysParametersSchema } from './brands/list-api-keys'
export { type ListBrandsParameters, listBrands, listBrandsParametersSchema } from './brands/list-brands'
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
export { type VerifyApiKeyParameters, verifyApiKey, verifyApiKeyParametersSchema } from './brands/verify-api-key'
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
  checkPurchaseConstraintParametersSchema,
} from './constraints/check-purchase-constraint'
export { type ConstraintCheckOptions, DEFAULT_CONSTRAINT_CHECK_OPTIONS } from './constraints/constraint-check-options'
export { ConstraintCheckFailedError, InvalidInvalidationRequestError } from './constraints/constraint-errors'
export { externalApiUrlSchema, normalizeApiUrl } from './constraints/external-api-url'
export {
  type InvalidateConstraintCacheOptions,
  type InvalidateConstraintCacheReturnType,
  invalidateConstraintCache,
} from './constraints/invalidate-constraint-cache'
export type { InvalidateConstraintCacheParameters } from './constraints/invalidate-constraint-cache-schema'
export { isPrivateAddress } from './constraints/is-private-address'
export {
  type ListPerkConstraintsParameters,
  listPerkConstraints,
  listPerkConstraintsParametersSchema,
} from './constraints/list-perk-constraints'
export {
  type RemovePerkConstraintParameters,
  removePerkConstraint,
  removePerkConstraintParametersSchema,
} from './constraints/remove-perk-constraint'
export {
  type SetPerkConstraintParameters,
  setPerkConstraint,
  setPerkConstraintParametersSchema,
} from './constraints/set-perk-constraint'
export type { EngineContext } from './context'
export { type CreateEngineParameters, createEngine, type Engine } from './create-engine'
export { createNodeDnsResolver, type DnsResolver, type NodeDnsResolverOptions } from './dns/dns-resolver'
export { parseLoyaltyTxt } from './dns/parse-loyalty-txt'
export { type VerifyDnsOptions, type VerifyDnsReturnType, verifyDns } from './dns/verify-dns'
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
export { parseInput, toFieldIssues } from './errors/zod-issues'
export { type AcceptEventOptions, acceptEvent } from './events/accept-event'
export {
  type CheckEligibilityOptions,
  type CheckEligibilityReturnType,
  checkEligibility,
} from './events/check-eligibility'
export type { CheckEligibilityParameters, EligibilityReason } from './events/check-eligibility-schema'
export {
  type ClaimDecision,
  type ClaimRefusal,
  claimRefusals,
  evaluateClaim,
  INTERNAL_EVENT_SOURCES,
} from './events/evaluate-claim'
export {
  ChannelNotAllowedError,
  DomainNotAuthorizedError,
  DuplicateEventError,
  EventTypeNotConfiguredError,
} from './events/event-errors'
export { type GetEventConfigOptions, type GetEventConfigReturnType, getEventConfig } from './events/get-event-config'
export type { GetEventConfigParameters } from './events/get-event-config-schema'
export { type EventFacts, judgeEvent } from './events/judge-event'
export {
  type BulkEventResult,
  type ProcessBulkEventsOptions,
  type ProcessBulkEventsReturnType,
  processBulkEvents,
} from './events/process-bulk-events'
export type { ProcessBulkEventsParameters } from './events/process-bulk-events-schema'
export { type ProcessEventOptions, type ProcessEventReturnType, processEvent } from './events/process-event'
export type { ProcessEventParameters } from './events/process-event-schema'
export type { SettledEvent } from './events/settle-event'
export {
  type CheckHealthOptions,
  type CheckHealthReturnType,
  checkHealth,
  type IdentityProbe,
  type ServiceStatus,
} from './health/check-health'
export type { CheckHealthParameters } from './health/check-health-schema'
export {
  type CheckReadinessOptions,
  type CheckReadinessReturnType,
  checkReadiness,
  type ReadinessChecks,
} from './health/check-readiness'
export type { CheckReadinessParameters } from './health/check-readiness-schema'
export {
  type ReadGaugesOptions,
  type ReadGaugesParameters,
  type ReadGaugesReturnType,
  readGauges,
  readGaugesParametersSchema,
  type SignerGauge,
} from './health/read-gauges'
export {
  type ClaimIdempotencyKeyOptions,
  type ClaimIdempotencyKeyParameters,
  claimIdempotencyKey,
  claimIdempotencyKeyParametersSchema,
} from './idempotency/claim-idempotency-key'
export {
  type CompleteIdempotencyKeyOptions,
  type CompleteIdempotencyKeyParameters,
  completeIdempotencyKey,
  completeIdempotencyKeyParametersSchema,
} from './idempotency/complete-idempotency-key'
export {
  type ExtendIdempotencyKeyOptions,
  type ExtendIdempotencyKeyParameters,
  extendIdempotencyKey,
  extendIdempotencyKeyParametersSchema,
} from './idempotency/extend-idempotency-key'
export {
  type PurgeIdempotencyKeysParameters,
  purgeIdempotencyKeys,
  purgeIdempotencyKeysParametersSchema,
} from './idempotency/purge-idempotency-keys'
export {
  type ReleaseIdempotencyKeyParameters,
  releaseIdempotencyKey,
  releaseIdempotencyKeyParametersSchema,
} from './idempotency/release-idempotency-key'
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
  approvedPermitSpenders,
  MAX_PERMIT_LIFETIME_SECONDS,
  PERMIT_TYPES,
} from './identity/approved-permit'
export { type DevLoginReturnType, devLogin } from './identity/dev-login'
export type { DevLoginParameters } from './identity/dev-login-schema'
export { type EnsureIdentityOptions, type EnsureIdentityReturnType, ensureIdentity } from './identity/ensure-identity'
export { generateIdentitySigningKey } from './identity/generate-identity-signing-key'
export {
  type GetTokenBalanceParameters,
  getTokenBalance,
  getTokenBalanceParametersSchema,
  type TokenBalance,
} from './identity/get-token-balance'
export { type GetUserWalletOptions, type GetUserWalletReturnType, getUserWallet } from './identity/get-user-wallet'
export type { GetUserWalletParameters } from './identity/get-user-wallet-schema'
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
  linkIdentitiesParametersSchema,
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
export {
  type SignUserTypedDataOptions,
  type SignUserTypedDataReturnType,
  signUserTypedData,
} from './identity/sign-user-typed-data'
export type { SignUserTypedDataParameters } from './identity/sign-user-typed-data-schema'
export {
  type VerifyAccessTokenParameters,
  type VerifyAccessTokenReturnType,
  verifyAccessToken,
  verifyAccessTokenParametersSchema,
} from './identity/verify-access-token'
export { walletOwnerOf } from './identity/wallet-owner-of'
export { type EntryReceipt, entryLogProblem } from './ledger/entry-log-problem'
export { type MintLogIndexes, mintLogIndexes } from './ledger/mint-log-indexes'
export {
  type BalanceDrift,
  type EntryDrift,
  type ReconcileLedgerOptions,
  type ReconcileLedgerParameters,
  type ReconcileLedgerReturnType,
  type ReconcileProgress,
  reconcileLedger,
  reconcileLedgerParametersSchema,
} from './ledger/reconcile-ledger'
export { recordClawbackEntry } from './ledger/record-clawback-entry'
export {
  type LedgerEntryInput,
  recordLedgerEntry,
  toLedgerEntry,
} from './ledger/record-ledger-entry'
export { type PerkClaimFacts, recordRedemption } from './ledger/record-redemption'
export { recordRelayEntries } from './ledger/record-relay-entries'
export { recordRewardEntry, ruleSnapshot } from './ledger/record-reward-entry'
export {
  type GetMigrationStatusParameters,
  type GetMigrationStatusReturnType,
  getMigrationStatus,
  getMigrationStatusParametersSchema,
} from './migrations/get-migration-status'
export { createMinter, type Minter } from './minting/create-minter'
export {
  type EnqueueMintParameters,
  type EnqueueMintReturnType,
  enqueueMint,
  enqueueMintParametersSchema,
} from './minting/enqueue-mint'
export {
  type EnqueueMintJobParameters,
  enqueueMintJob,
  enqueueMintJobParametersSchema,
} from './minting/enqueue-mint-job'
export { type BatchMintLookup, findBatchMint } from './minting/find-batch-mint'
export { type GetMintJobParameters, getMintJob, getMintJobParametersSchema } from './minting/get-mint-job'
export { TOKEN_DECIMALS, tokensToWei, WEI_PER_TOKEN } from './minting/mint-amount'
export type { MintJob } from './minting/mint-job'
export type { MinterOptions } from './minting/minter-options'
export type { MinterStats } from './minting/minter-runtime'
export {
  type WaitForMintOptions,
  type WaitForMintParameters,
  type WaitForMintReturnType,
  waitForMint,
  waitForMintParametersSchema,
} from './minting/wait-for-mint'
export { type AcceptedPayment, acceptPayment, paymentMintKey } from './payments/accept-payment'
export { allocateRefundTokens } from './payments/allocate-refund-tokens'
export { attachAwaitingRefunds } from './payments/attach-awaiting-refunds'
export type { ClawbackWorkerStats } from './payments/clawback-runtime'
export {
  type CompleteLocalCheckoutOptions,
  type CompleteLocalCheckoutParameters,
  type CompleteLocalCheckoutReturnType,
  completeLocalCheckout,
  completeLocalCheckoutParametersSchema,
  fillSessionId,
} from './payments/complete-local-checkout'
export {
  type CreateCheckoutOptions,
  type CreateCheckoutReturnType,
  createCheckout,
} from './payments/create-checkout'
export type { CreateCheckoutParameters } from './payments/create-checkout-schema'
export {
  type ClawbackWorker,
  type ClawbackWorkerOptions,
  createClawbackWorker,
} from './payments/create-clawback-worker'
export {
  type GetCheckoutSessionParameters,
  getCheckoutSession,
  getCheckoutSessionParametersSchema,
} from './payments/get-checkout-session'
export {
  type GetClawbackSignerParameters,
  type GetClawbackSignerReturnType,
  getClawbackSigner,
  getClawbackSignerParametersSchema,
} from './payments/get-clawback-signer'
export {
  type HandlePaymentEventOptions,
  type HandlePaymentEventReturnType,
  handlePaymentEvent,
} from './payments/handle-payment-event'
export type { HandlePaymentEventParameters } from './payments/handle-payment-event-schema'
export {
  type ListRefundClawbacksParameters,
  listRefundClawbacks,
  listRefundClawbacksParametersSchema,
  type RefundClawbackReport,
} from './payments/list-refund-clawbacks'
export {
  createLocalPaymentProvider,
  LOCAL_PAYMENT_PROVIDER,
  type LocalPaymentProviderOptions,
} from './payments/local-payment-provider'
export {
  type MintForPaymentOptions,
  type MintForPaymentReturnType,
  mintForPayment,
  settlePayment,
} from './payments/mint-for-payment'
export type { MintForPaymentParameters } from './payments/mint-for-payment-schema'
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
  type GetPerkStatusOptions,
  getPerkStatus,
  type PerkTokenStatus,
  perkTokenStatus,
} from './perks/get-perk-status'
export type { GetPerkStatusParameters } from './perks/get-perk-status-schema'
export {
  type ListPerkHoldersOptions,
  type ListPerkHoldersReturnType,
  listPerkHolders,
} from './perks/list-perk-holders'
export type { ListPerkHoldersParameters } from './perks/list-perk-holders-schema'
export {
  type ListPerksParameters,
  listPerks,
  listPerksParametersSchema,
} from './perks/list-perks'
export {
  CollectionNotFoundError,
  PerkChargesError,
  PerkNotOwnedError,
  PerkTokenNotFoundError,
} from './perks/perk-errors'
export {
  type RedeemPerkChargesOptions,
  type RedeemPerkChargesReturnType,
  redeemPerkCharges,
} from './perks/redeem-perk-charges'
export type { RedeemPerkChargesParameters } from './perks/redeem-perk-charges-schema'
export {
  type VerifyBrandSignatureParameters,
  verifyBrandSignature,
  verifyBrandSignatureParametersSchema,
} from './perks/verify-brand-signature'
export {
  type AddPointsSaleItemParameters,
  type AddPointsSaleItemReturnType,
  addPointsSaleItem,
  addPointsSaleItemParametersSchema,
} from './points-sale/add-points-sale-item'
export {
  type ListPointsSaleItemsReturnType,
  listPointsSaleItems,
  type PointsSaleItem,
} from './points-sale/list-points-sale-items'
export type { ListPointsSaleItemsParameters } from './points-sale/list-points-sale-items-schema'
export type { ApiKeyRecord, ApiKeyScope, ApiKeyStore, BrandSecretKind } from './ports/api-key-store'
export type { Backlog, BacklogStore } from './ports/backlog-store'
export type { Brand, BrandStore } from './ports/brand-store'
export type { ChainPort, ContractAddresses, GasCaps } from './ports/chain'
export type { ChainJournalEntry, ChainJournalStore } from './ports/chain-journal-store'
export { type Clock, systemClock } from './ports/clock'
export type { ConstraintCacheEntry, ConstraintStore, PerkConstraint } from './ports/constraint-store'
export type { EngineObservation, EngineObserver } from './ports/engine-observer'
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
export type { PregenerateUserParameters } from './pregeneration/pregenerate-user-schema'
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
export {
  type GetEventProofOptions,
  type GetEventProofReturnType,
  getEventProof,
} from './proofs/get-event-proof'
export type { GetEventProofParameters } from './proofs/get-event-proof-schema'
export {
  type GetPaymentProofOptions,
  type GetPaymentProofReturnType,
  getPaymentProof,
} from './proofs/get-payment-proof'
export type { GetPaymentProofParameters } from './proofs/get-payment-proof-schema'
export {
  type GetRedemptionProofOptions,
  type GetRedemptionProofReturnType,
  getRedemptionProof,
} from './proofs/get-redemption-proof'
export type { GetRedemptionProofParameters } from './proofs/get-redemption-proof-schema'
export { type ProofKind, ProofNotFoundError } from './proofs/proof-errors'
export type { ProofFacts } from './proofs/proof-facts-schema'
export { APPROVED_RELAY_FUNCTIONS, type ApprovedRelayCall, approvedRelayCall } from './relay/approved-relay-call'
export { decodeRelayRevert, type RelayRevert } from './relay/decode-relay-revert'
export {
  type GetRelayGasUsageParameters,
  getRelayGasUsage,
  getRelayGasUsageParametersSchema,
} from './relay/get-relay-gas-usage'
export {
  type HitRelayIpLimitOptions,
  type HitRelayIpLimitParameters,
  hitRelayIpLimit,
  hitRelayIpLimitParametersSchema,
} from './relay/hit-relay-ip-limit'
export { type RelayResult, type RelayReturnType, relay } from './relay/relay'
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
export { relaySenderOf } from './relay/relay-sender-of'
export { DEFAULT_EVENT_RULES } from './rules/default-event-rules'
export { type ListRulesParameters, listRules, listRulesParametersSchema } from './rules/list-rules'
export { newEventRule } from './rules/new-event-rule'
export { type SetRuleParameters, setRule, setRuleParametersSchema } from './rules/set-rule'
export * from './schemas/index'
export { LeaseLostError } from './signers/lease-lost-error'
export { type CanonicalRequestParts, canonicalRequest } from './signing/canonical-request'
export {
  SIGNATURE_TOLERANCE_SECONDS,
  type SignedRequestParts,
  verifyRequestSignature,
} from './signing/verify-request-signature'
export { maskEmail } from './text/mask-email'
export { stripControlCharacters } from './text/strip-control-characters'
export { createAesGcmKeyVault } from './wallets/aes-gcm-key-vault'
export {
  type FindWalletByOwnerParameters,
  findWalletByOwner,
  findWalletByOwnerParametersSchema,
  type WalletInfo,
} from './wallets/find-wallet-by-owner'
export {
  type GetOrCreateWalletOptions,
  type GetOrCreateWalletParameters,
  type GetOrCreateWalletReturnType,
  getOrCreateWallet,
  getOrCreateWalletParametersSchema,
} from './wallets/get-or-create-wallet'
export {
  type LoadWalletAccountParameters,
  loadWalletAccount,
  loadWalletAccountParametersSchema,
} from './wallets/load-wallet-account'
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
export {
  type GetWebhookEndpointParameters,
  getWebhookEndpoint,
  getWebhookEndpointParametersSchema,
} from './webhooks/get-webhook-endpoint'
export {
  type ListWebhookDeliveriesParameters,
  listWebhookDeliveries,
  listWebhookDeliveriesParametersSchema,
} from './webhooks/list-webhook-deliveries'
export {
  type RedeliverWebhookParameters,
  redeliverWebhook,
  redeliverWebhookParametersSchema,
} from './webhooks/redeliver-webhook'
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
