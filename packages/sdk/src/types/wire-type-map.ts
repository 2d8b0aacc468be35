// The source of the SDK's wire types: each one is the `z.input` (what a client may send) or `z.output`
// (what the server answers) of a zod schema in the engine (each beside its operation; gathered in
// packages/engine/src/schemas/index.ts). Type-only imports: nothing of the engine or zod reaches the
// SDK's JavaScript. `scripts/generate-wire-types.ts`
// expands this map into plain TypeScript types (src/types/wire.ts), so the published declarations need
// neither the engine nor zod; test/wire-types.test.ts fails when the two drift apart.

import type { PerkRecord } from '@loyaltykit/engine'
import type {
  brandLedgerListSchema,
  brandOverviewSchema,
  brandPipelineSchema,
  bulkEventFailureSchema,
  bulkEventResultSchema,
  checkEligibilityParametersSchema,
  checkEligibilityResponseSchema,
  checkInRequestSchema,
  checkInResponseSchema,
  claimMilestoneRequestSchema,
  claimMilestoneResponseSchema,
  createCheckoutParametersSchema,
  createCheckoutResponseSchema,
  createPerkParametersSchema,
  debugResponseSchema,
  devLoginParametersSchema,
  devLoginResponseSchema,
  diagnosticResponseSchema,
  eligibilityReasonSchema,
  eventProofRuleSchema,
  eventRewardSchema,
  eventRuleWireSchema,
  getEventConfigParametersSchema,
  getEventConfigResponseSchema,
  getEventProofResponseSchema,
  getMemberResponseSchema,
  getPaymentProofResponseSchema,
  getPerkStatusRequestSchema,
  getPerkStatusResponseSchema,
  getRedemptionProofResponseSchema,
  getStreakRequestSchema,
  getStreakResponseSchema,
  getUserWalletResponseSchema,
  healthResponseSchema,
  inspectMemberResponseSchema,
  invalidateConstraintCacheParametersSchema,
  invalidateConstraintCacheResponseSchema,
  leaderboardEntrySchema,
  listEventsRequestSchema,
  listEventsResponseSchema,
  listMemberHistoryRequestSchema,
  listMemberHistoryResponseSchema,
  listPerkHoldersRequestSchema,
  listPerkHoldersResponseSchema,
  listPointsSaleItemsRequestSchema,
  listPointsSaleItemsResponseSchema,
  memberLedgerEntrySchema,
  memberTotalsSchema,
  mintForPaymentParametersSchema,
  mintForPaymentResponseSchema,
  perkHolderSchema,
  permitSchema,
  pointsSaleItemSchema,
  pregenerateUserParametersSchema,
  pregenerateUserResponseSchema,
  previewRuleParametersSchema,
  previewRuleResponseSchema,
  processBulkEventsParametersSchema,
  processBulkEventsResponseSchema,
  processEventParametersSchema,
  processEventResponseSchema,
  proofFactsSchema,
  redeemPerkChargesRequestSchema,
  redeemPerkChargesResponseSchema,
  redeemSitePerkRequestSchema,
  redeemSitePerkResponseSchema,
  relayRequestPermitSchema,
  relayRequestSchema,
  relayResponseSchema,
  rewardEventSchema,
  searchMembersResponseSchema,
  serviceStatusSchema,
  signUserTypedDataParametersSchema,
  signUserTypedDataResponseSchema,
  siteLeaderboardParametersSchema,
  siteLeaderboardResponseSchema,
  siteUserSchema,
  streakViewSchema,
  tokensDistributedEventSchema,
  verifyDnsParametersSchema,
  verifyDnsResponseSchema,
} from '@loyaltykit/engine/schemas'
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
  EventConfigParams: z.input<typeof getEventConfigParametersSchema>
  EventConfigResponse: z.output<typeof getEventConfigResponseSchema>
  /**
   * Body of `POST /loyalty-api/manual-event` (and of each bulk-events item). From a backend pass
   * `domain` (the brand's website): there is no Origin header to take it from.
   */
  ManualEventParams: z.input<typeof processEventParametersSchema>
  EventReward: z.output<typeof eventRewardSchema>
  ManualEventResponse: z.output<typeof processEventResponseSchema>
  /** Body of `POST /loyalty-api/check-eligibility`: a manual-event body, judged without being recorded. */
  CheckEligibilityParams: z.input<typeof checkEligibilityParametersSchema>
  /**
   * Why an event would be refused, `code` first: `domain`, `unknown_event`, `disabled`, `channel`,
   * `duplicate`, `max_total_claims`, `max_claims`, `cooldown`; `message` is fit to show the user.
   */
  EligibilityReason: z.output<typeof eligibilityReasonSchema>
  CheckEligibilityResponse: z.output<typeof checkEligibilityResponseSchema>
  BulkEventsParams: z.input<typeof processBulkEventsParametersSchema>
  BulkEventFailure: z.output<typeof bulkEventFailureSchema>
  BulkEventResult: z.output<typeof bulkEventResultSchema>
  BulkEventsResponse: z.output<typeof processBulkEventsResponseSchema>
  VerifyDnsParams: z.input<typeof verifyDnsParametersSchema>
  VerifyDnsResponse: z.output<typeof verifyDnsResponseSchema>

  // Member reads for brand backends (the brand's API key; cursor lists)
  /** Query of `GET /loyalty-api/events`: every filter optional; `limit` 1 to 100, `cursor` the previous page's `next_cursor`. */
  ListEventsParams: Omit<z.input<typeof listEventsRequestSchema>, 'brandId'>
  RewardEvent: z.output<typeof rewardEventSchema>
  ListEventsResponse: z.output<typeof listEventsResponseSchema>
  MemberTotals: z.output<typeof memberTotalsSchema>
  Member: z.output<typeof getMemberResponseSchema>
  /** Query of `GET /loyalty-api/members/:emailOrAddress/history`: `limit` 1 to 100, `cursor` the previous page's `next_cursor`. */
  ListMemberHistoryParams: Omit<z.input<typeof listMemberHistoryRequestSchema>, 'emailOrAddress' | 'brandId'>
  MemberLedgerEntry: z.output<typeof memberLedgerEntrySchema>
  ListMemberHistoryResponse: z.output<typeof listMemberHistoryResponseSchema>

  // Admin API reads (`client.admin`, an operator key or a brand key with admin:read; docs/admin-api.md)
  /** Members found by `q` (exact: 0 or 1). */
  AdminMemberSearch: z.output<typeof searchMembersResponseSchema>
  /** One member: balance, totals at the brand, newest ledger entries with explorer links. */
  AdminMember: z.output<typeof inspectMemberResponseSchema>
  AdminLedgerList: z.output<typeof brandLedgerListSchema>
  AdminOverview: z.output<typeof brandOverviewSchema>
  AdminPipeline: z.output<typeof brandPipelineSchema>
  /** Body of the rule preview: the member's email (and a chat channel for rules that list channels). */
  AdminRulePreviewParams: Omit<z.input<typeof previewRuleParametersSchema>, 'brandId' | 'eventType'>
  AdminRulePreview: z.output<typeof previewRuleResponseSchema>
  /** A perk collection of the brand (`price` in whole tokens, a decimal string). */
  AdminPerk: PerkRecord
  /** Body of a perk's creation (`price` in whole tokens; created on chain). */
  AdminCreatePerkParams: Omit<
    z.input<typeof createPerkParametersSchema>,
    'brandId' | 'price' | 'maxSupply' | 'maxPerUser' | 'charges'
  > & {
    /** Whole tokens; 0 makes a free perk. */
    price: number
    /** 0 or absent: unlimited. */
    maxSupply?: number | undefined
    /** 0 or absent: unlimited. */
    maxPerUser?: number | undefined
    /** Charges of each claimed token; default 1. */
    charges?: number | undefined
  }

  // Payments
  CreateCheckoutParams: z.input<typeof createCheckoutParametersSchema>
  CreateCheckoutResponse: z.output<typeof createCheckoutResponseSchema>
  PaymentMintParams: z.input<typeof mintForPaymentParametersSchema>
  PaymentMintResponse: z.output<typeof mintForPaymentResponseSchema>

  // Proofs of issuance (public; personal data masked unless the client sends the brand's apiKey)
  /** What every proof answers of its ledger entry: status and where the movement is on chain. */
  ProofFacts: z.output<typeof proofFactsSchema>
  EventProofRule: z.output<typeof eventProofRuleSchema>
  /** 200 body of `GET /loyalty-api/events/:eventId`. */
  EventProof: z.output<typeof getEventProofResponseSchema>
  /** 200 body of `GET /loyalty-api/payments/:sessionId`. */
  PaymentProof: z.output<typeof getPaymentProofResponseSchema>
  /** 200 body of `GET /loyalty-api/redemptions/:redemptionId`. */
  RedemptionProof: z.output<typeof getRedemptionProofResponseSchema>

  // Wallet pregeneration and constraint-cache invalidation
  PregenerateUserParams: z.input<typeof pregenerateUserParametersSchema>
  PregenerateUserResponse: z.output<typeof pregenerateUserResponseSchema>
  InvalidateExternalApiParams: z.input<typeof invalidateConstraintCacheParametersSchema>
  InvalidateExternalApiResponse: z.output<typeof invalidateConstraintCacheResponseSchema>

  // Identity (local provider) and the user's wallet
  DevLoginParams: z.input<typeof devLoginParametersSchema>
  DevLoginResponse: z.output<typeof devLoginResponseSchema>
  WalletResponse: z.output<typeof getUserWalletResponseSchema>
  SignTypedDataParams: z.input<typeof signUserTypedDataParametersSchema>
  Permit: z.output<typeof permitSchema>
  SignTypedDataResponse: z.output<typeof signUserTypedDataResponseSchema>

  // Relayer and perk charges
  RelayPermit: z.output<typeof relayRequestPermitSchema>
  RelayParams: z.input<typeof relayRequestSchema>
  RelayResponse: z.output<typeof relayResponseSchema>
  RedeemPerkParams: z.input<typeof redeemPerkChargesRequestSchema>
  RedeemPerkResponse: z.output<typeof redeemPerkChargesResponseSchema>
  CheckPerkStatusParams: z.input<typeof getPerkStatusRequestSchema>
  CheckPerkStatusResponse: z.output<typeof getPerkStatusResponseSchema>
  PerkHolder: z.output<typeof perkHolderSchema>
  ListPerkHoldersParams: z.input<typeof listPerkHoldersRequestSchema>
  ListPerkHoldersResponse: z.output<typeof listPerkHoldersResponseSchema>

  // The points sale (public, on the relayer)
  ListPointsSaleItemsParams: z.input<typeof listPointsSaleItemsRequestSchema>
  PointsSaleItem: z.output<typeof pointsSaleItemSchema>
  ListPointsSaleItemsResponse: z.output<typeof listPointsSaleItemsResponseSchema>

  // The upstream site API (the brand's API key, scope `site` or `events`; docs/site-plugin.md)
  /** The site's user: its own id, the email whose custodial wallet is the member's, the leaderboard's display name. */
  SiteUser: z.input<typeof siteUserSchema>
  /** The Streak record: the spec's four fields and what a site shows beside them. */
  Streak: z.output<typeof streakViewSchema>
  SiteCheckInParams: z.input<typeof checkInRequestSchema>
  SiteCheckInResponse: z.output<typeof checkInResponseSchema>
  SiteStreakParams: z.input<typeof getStreakRequestSchema>
  SiteStreakResponse: z.output<typeof getStreakResponseSchema>
  SiteClaimMilestoneParams: z.input<typeof claimMilestoneRequestSchema>
  SiteClaimMilestoneResponse: z.output<typeof claimMilestoneResponseSchema>
  SiteRedeemParams: z.input<typeof redeemSitePerkRequestSchema>
  SiteRedeemResponse: z.output<typeof redeemSitePerkResponseSchema>
  /** Query of `GET /loyalty-api/site/leaderboard`: every field optional (defaults `rsnc_earned`, `week`, 10). */
  SiteLeaderboardParams: {
    [K in keyof z.output<typeof siteLeaderboardParametersSchema>]?:
      | z.output<typeof siteLeaderboardParametersSchema>[K]
      | undefined
  }
  /** A ranked user: `userIdentifier` the masked wallet, `username` the site's display name (or null). */
  LeaderboardEntry: z.output<typeof leaderboardEntrySchema>
  SiteLeaderboardResponse: z.output<typeof siteLeaderboardResponseSchema>

  // Webhooks
  TokensDistributedEvent: z.output<typeof tokensDistributedEventSchema>
}
