// The source of the SDK's wire types: each one is the `z.input` (what a client may send) or `z.output`
// (what the server answers) of a zod schema in the engine (packages/engine/src/schemas/wire). Type-only
// imports: nothing of the engine or zod reaches the SDK's JavaScript. `scripts/generate-wire-types.ts`
// expands this map into plain TypeScript types (src/types/wire.ts), so the published declarations need
// neither the engine nor zod; test/wire-types.test.ts fails when the two drift apart.
import type {
  bulkEventFailureSchema,
  bulkEventResultSchema,
  bulkEventsRequestSchema,
  bulkEventsResponseSchema,
  checkPerkStatusRequestSchema,
  checkPerkStatusResponseSchema,
  createCheckoutRequestSchema,
  createCheckoutResponseSchema,
  debugResponseSchema,
  devLoginRequestSchema,
  devLoginResponseSchema,
  diagnosticResponseSchema,
  eventConfigRequestSchema,
  eventConfigResponseSchema,
  eventRewardSchema,
  eventRuleWireSchema,
  healthResponseSchema,
  invalidateExternalApiRequestSchema,
  invalidateExternalApiResponseSchema,
  listPerkHoldersRequestSchema,
  listPerkHoldersResponseSchema,
  manualEventRequestSchema,
  manualEventResponseSchema,
  paymentMintRequestSchema,
  paymentMintResponseSchema,
  perkHolderSchema,
  permitSchema,
  pregenerateUserRequestSchema,
  pregenerateUserResponseSchema,
  redeemPerkRequestSchema,
  redeemPerkResponseSchema,
  relayPermitWireSchema,
  relayResponseSchema,
  relayWireRequestSchema,
  serviceStatusSchema,
  signTypedDataRequestSchema,
  signTypedDataResponseSchema,
  tokensDistributedEventSchema,
  verifyDnsRequestSchema,
  verifyDnsResponseSchema,
  walletResponseSchema,
} from '@loyaltykit/engine'
import type { z } from 'zod'

/** Name → type; a property's doc comment, when present, replaces the schema's own in the generated file. */
export type WireTypeMap = {
  // Health
  ServiceStatus: z.output<typeof serviceStatusSchema>
  HealthResponse: z.output<typeof healthResponseSchema>
  DiagnosticResponse: z.output<typeof diagnosticResponseSchema>
  DebugResponse: z.output<typeof debugResponseSchema>

  // Event handler
  /** Detection settings of an event rule (what `sdk.js` watches for). */
  DetectionConfig: z.output<typeof eventRuleWireSchema>['detectionConfig']
  EventRule: z.output<typeof eventRuleWireSchema>
  EventConfigParams: z.input<typeof eventConfigRequestSchema>
  EventConfigResponse: z.output<typeof eventConfigResponseSchema>
  /**
   * Body of `POST /loyalty-api/manual-event` (and of each bulk-events item). From a backend pass
   * `domain` (the brand's website): there is no Origin header to take it from.
   */
  ManualEventParams: z.input<typeof manualEventRequestSchema>
  EventReward: z.output<typeof eventRewardSchema>
  ManualEventResponse: z.output<typeof manualEventResponseSchema>
  BulkEventsParams: z.input<typeof bulkEventsRequestSchema>
  BulkEventFailure: z.output<typeof bulkEventFailureSchema>
  BulkEventResult: z.output<typeof bulkEventResultSchema>
  BulkEventsResponse: z.output<typeof bulkEventsResponseSchema>
  VerifyDnsParams: z.input<typeof verifyDnsRequestSchema>
  VerifyDnsResponse: z.output<typeof verifyDnsResponseSchema>

  // Payments
  CreateCheckoutParams: z.input<typeof createCheckoutRequestSchema>
  CreateCheckoutResponse: z.output<typeof createCheckoutResponseSchema>
  PaymentMintParams: z.input<typeof paymentMintRequestSchema>
  PaymentMintResponse: z.output<typeof paymentMintResponseSchema>

  // Wallet pregeneration and constraint-cache invalidation
  PregenerateUserParams: z.input<typeof pregenerateUserRequestSchema>
  PregenerateUserResponse: z.output<typeof pregenerateUserResponseSchema>
  InvalidateExternalApiParams: z.input<typeof invalidateExternalApiRequestSchema>
  InvalidateExternalApiResponse: z.output<typeof invalidateExternalApiResponseSchema>

  // Identity (local provider) and the user's wallet
  DevLoginParams: z.input<typeof devLoginRequestSchema>
  DevLoginResponse: z.output<typeof devLoginResponseSchema>
  WalletResponse: z.output<typeof walletResponseSchema>
  SignTypedDataParams: z.input<typeof signTypedDataRequestSchema>
  Permit: z.output<typeof permitSchema>
  SignTypedDataResponse: z.output<typeof signTypedDataResponseSchema>

  // Relayer and perk charges
  RelayPermit: z.output<typeof relayPermitWireSchema>
  RelayParams: z.input<typeof relayWireRequestSchema>
  RelayResponse: z.output<typeof relayResponseSchema>
  RedeemPerkParams: z.input<typeof redeemPerkRequestSchema>
  RedeemPerkResponse: z.output<typeof redeemPerkResponseSchema>
  CheckPerkStatusParams: z.input<typeof checkPerkStatusRequestSchema>
  CheckPerkStatusResponse: z.output<typeof checkPerkStatusResponseSchema>
  PerkHolder: z.output<typeof perkHolderSchema>
  ListPerkHoldersParams: z.input<typeof listPerkHoldersRequestSchema>
  ListPerkHoldersResponse: z.output<typeof listPerkHoldersResponseSchema>

  // Webhooks
  TokensDistributedEvent: z.output<typeof tokensDistributedEventSchema>
}
