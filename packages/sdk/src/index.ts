// `@loyaltykit/sdk`: the client, its resources' and wire types, error classes, retry policies, request
// signing and webhook helpers (README). Everything else is internal.
export type { AdminBrand, AdminBrandMethods } from './admin/admin-brand-methods'
export type { AdminLedgerParams, AdminList, AdminListParams, AdminReadMethods } from './admin/admin-read-methods'
export type { AdminResource } from './admin/admin-resource'
export type {
  AgentCallOptions,
  AgentMethodName,
  AgentResource,
  AgentToolInput,
  AgentToolName,
  AgentToolOutput,
} from './agent/agent-resource'
export type { AgentToolTypes } from './agent/generated/agent-tools'
export type { FetchLike, LoyaltyClientOptions, RequestOptions } from './client/client-options'
export { createLoyaltyClient, type LoyaltyClient } from './client/create-loyalty-client'
export type { ApiRoute, HttpMethod, QueryValue, RouteAuth, RouteInfo } from './core/api-route'
export { ConnectionError, TimeoutError } from './errors/connection-error'
export {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionError,
  RateLimitError,
  ServerError,
} from './errors/http-errors'
export { isLoyaltyApiError, LoyaltyApiError } from './errors/loyalty-api-error'
export type { CursorListPromise, CursorPage } from './pagination/cursor-list-promise'
export type { AuthResource } from './resources/auth'
export type { ConstraintsResource } from './resources/constraints'
export type { DebugResource } from './resources/debug'
export type { DiagnosticResource } from './resources/diagnostic'
export type { DnsResource } from './resources/dns'
export type { EventConfigResource } from './resources/event-config'
export type { EventsResource } from './resources/events'
export type { HealthResource } from './resources/health'
export type { MembersResource } from './resources/members'
export type { PaymentsResource } from './resources/payments'
export type { PerksResource } from './resources/perks'
export type { PointsSaleResource } from './resources/points-sale'
export type { PregenerationResource } from './resources/pregeneration'
export type { RedemptionsResource } from './resources/redemptions'
export type { RelayResource } from './resources/relay'
export type { SiteResource } from './resources/site'
export type { WalletResource } from './resources/wallet'
export { paymentMintRetryPolicy } from './retries/payment-mint-retry-policy'
export {
  defaultRetryPolicy,
  type ExponentialBackoffOptions,
  exponentialBackoff,
  isRetryableOutcome,
  type RetryOutcome,
  type RetryPolicy,
} from './retries/retry-policy'
export { type SignedRequest, type SignRequestParameters, signRequest } from './signing/sign-request'
export type { WebhookEvent } from './types/webhook-event'
export type {
  AdminCreatePerkParams,
  AdminLedgerList,
  AdminMember,
  AdminMemberSearch,
  AdminOverview,
  AdminPerk,
  AdminPipeline,
  AdminRulePreview,
  AdminRulePreviewParams,
  BulkEventFailure,
  BulkEventResult,
  BulkEventsParams,
  BulkEventsResponse,
  CheckEligibilityParams,
  CheckEligibilityResponse,
  CheckPerkStatusParams,
  CheckPerkStatusResponse,
  CreateCheckoutParams,
  CreateCheckoutResponse,
  DebugResponse,
  DetectionConfig,
  DevLoginParams,
  DevLoginResponse,
  DiagnosticResponse,
  EligibilityReason,
  EventConfigParams,
  EventConfigResponse,
  EventProof,
  EventProofRule,
  EventReward,
  EventRule,
  HealthResponse,
  InvalidateExternalApiParams,
  InvalidateExternalApiResponse,
  LeaderboardEntry,
  ListEventsParams,
  ListEventsResponse,
  ListMemberHistoryParams,
  ListMemberHistoryResponse,
  ListPerkHoldersParams,
  ListPerkHoldersResponse,
  ListPointsSaleItemsParams,
  ListPointsSaleItemsResponse,
  ManualEventParams,
  ManualEventResponse,
  Member,
  MemberLedgerEntry,
  MemberTotals,
  PaymentMintParams,
  PaymentMintResponse,
  PaymentProof,
  PerkHolder,
  Permit,
  PointsSaleItem,
  PregenerateUserParams,
  PregenerateUserResponse,
  ProofFacts,
  RedeemPerkParams,
  RedeemPerkResponse,
  RedemptionProof,
  RelayParams,
  RelayPermit,
  RelayResponse,
  RewardEvent,
  ServiceStatus,
  SignTypedDataParams,
  SignTypedDataResponse,
  SiteCheckInParams,
  SiteCheckInResponse,
  SiteClaimMilestoneParams,
  SiteClaimMilestoneResponse,
  SiteLeaderboardParams,
  SiteLeaderboardResponse,
  SiteRedeemParams,
  SiteRedeemResponse,
  SiteStreakParams,
  SiteStreakResponse,
  SiteUser,
  Streak,
  TokensDistributedEvent,
  VerifyDnsParams,
  VerifyDnsResponse,
  WalletResponse,
} from './types/wire'
export { VERSION } from './version'
export type { GenerateTestHeadersParameters, WebhookTestHeaders } from './webhooks/generate-test-headers'
export type { VerifyWebhookOptions, WebhookHeaders } from './webhooks/verify-webhook'
export { WebhookVerificationError } from './webhooks/webhook-verification-error'
export { type Webhooks, webhooks } from './webhooks/webhooks'
