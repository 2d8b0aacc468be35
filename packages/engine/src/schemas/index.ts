// `@loyaltykit/engine/schemas`: each operation's zod schemas, beside it (docs/architecture.md, "The public surface").
export { authenticateAdminParametersSchema } from '../admin/authenticate-admin'
export { createOperatorKeyParametersSchema } from '../admin/create-operator-key'
export { listOperatorKeysParametersSchema } from '../admin/list-operator-keys'
export { revokeOperatorKeyParametersSchema } from '../admin/revoke-operator-key'
export { authenticateAgentParametersSchema } from '../agent/authenticate-agent'
export { createAgentKeyParametersSchema } from '../agent/create-agent-key'
export { listAgentKeysParametersSchema } from '../agent/list-agent-keys'
export { revokeAgentKeyParametersSchema } from '../agent/revoke-agent-key'
export { rotateAgentKeyParametersSchema } from '../agent/rotate-agent-key'
export { runAgentToolParametersSchema } from '../agent/run-agent-tool'
export { brandOverviewParametersSchema, brandOverviewSchema } from '../brands/brand-overview'
export { brandOwnsOriginParametersSchema } from '../brands/brand-owns-origin'
export { createApiKeyParametersSchema } from '../brands/create-api-key'
export { createBrandParametersSchema } from '../brands/create-brand'
export { ensureDemoBrandParametersSchema } from '../brands/ensure-demo-brand'
export { getBrandParametersSchema } from '../brands/get-brand'
export { getBrandSecurityKeyParametersSchema } from '../brands/get-brand-security-key'
export { isKnownBrandOriginParametersSchema } from '../brands/is-known-brand-origin'
export { listApiKeysParametersSchema } from '../brands/list-api-keys'
export { listBrandsParametersSchema } from '../brands/list-brands'
export { revokeApiKeyParametersSchema } from '../brands/revoke-api-key'
export { rotateSecurityKeyParametersSchema } from '../brands/rotate-security-key'
export { setBrandWebsitesParametersSchema } from '../brands/set-brand-websites'
export { updateBrandParametersSchema } from '../brands/update-brand'
export { verifyApiKeyParametersSchema } from '../brands/verify-api-key'
export { checkPurchaseConstraintParametersSchema } from '../constraints/check-purchase-constraint'
export {
  invalidateConstraintCacheParametersSchema,
  invalidateConstraintCacheResponseSchema,
} from '../constraints/invalidate-constraint-cache-schema'
export { listPerkConstraintsParametersSchema } from '../constraints/list-perk-constraints'
export { removePerkConstraintParametersSchema } from '../constraints/remove-perk-constraint'
export { setPerkConstraintParametersSchema } from '../constraints/set-perk-constraint'
export { verifyDnsParametersSchema, verifyDnsResponseSchema } from '../dns/verify-dns-schema'
export {
  checkEligibilityParametersSchema,
  checkEligibilityResponseSchema,
  eligibilityReasonSchema,
} from '../events/check-eligibility-schema'
export { getEventConfigParametersSchema, getEventConfigResponseSchema } from '../events/get-event-config-schema'
export {
  listEventsParametersSchema,
  listEventsRequestSchema,
  listEventsResponseSchema,
  rewardEventSchema,
} from '../events/list-events-schema'
export {
  bulkEventFailureSchema,
  bulkEventResultSchema,
  MAX_BULK_EVENTS,
  processBulkEventsParametersSchema,
  processBulkEventsResponseSchema,
} from '../events/process-bulk-events-schema'
export {
  eventRewardSchema,
  processEventParametersSchema,
  processEventResponseSchema,
} from '../events/process-event-schema'
export {
  checkHealthParametersSchema,
  debugResponseSchema,
  diagnosticResponseSchema,
  healthResponseSchema,
  serviceStatusSchema,
} from '../health/check-health-schema'
export {
  checkReadinessParametersSchema,
  checkReadinessResponseSchema,
  livenessResponseSchema,
} from '../health/check-readiness-schema'
export { readGaugesParametersSchema } from '../health/read-gauges'
export { claimIdempotencyKeyParametersSchema } from '../idempotency/claim-idempotency-key'
export { completeIdempotencyKeyParametersSchema } from '../idempotency/complete-idempotency-key'
export { extendIdempotencyKeyParametersSchema } from '../idempotency/extend-idempotency-key'
export { purgeIdempotencyKeysParametersSchema } from '../idempotency/purge-idempotency-keys'
export { releaseIdempotencyKeyParametersSchema } from '../idempotency/release-idempotency-key'
export { devLoginParametersSchema, devLoginResponseSchema } from '../identity/dev-login-schema'
export { getTokenBalanceParametersSchema } from '../identity/get-token-balance'
export { getUserWalletParametersSchema, getUserWalletResponseSchema } from '../identity/get-user-wallet-schema'
export { linkIdentitiesParametersSchema } from '../identity/link-identities'
export {
  permitSchema,
  signUserTypedDataParametersSchema,
  signUserTypedDataResponseSchema,
} from '../identity/sign-user-typed-data-schema'
export { verifyAccessTokenParametersSchema } from '../identity/verify-access-token'
export {
  leaderboardEntrySchema,
  ledgerLeaderboardParametersSchema,
  ledgerLeaderboardResponseSchema,
} from '../ledger/ledger-leaderboard-schema'
export { brandLedgerListSchema, listBrandLedgerParametersSchema } from '../ledger/list-brand-ledger'
export { reconcileLedgerParametersSchema } from '../ledger/reconcile-ledger'
export {
  getMemberParametersSchema,
  getMemberRequestSchema,
  getMemberResponseSchema,
  memberTotalsSchema,
} from '../members/get-member-schema'
export { inspectMemberParametersSchema, inspectMemberResponseSchema } from '../members/inspect-member'
export {
  listMemberHistoryParametersSchema,
  listMemberHistoryRequestSchema,
  listMemberHistoryResponseSchema,
  memberLedgerEntrySchema,
} from '../members/list-member-history-schema'
export { searchMembersParametersSchema, searchMembersResponseSchema } from '../members/search-members'
export { getMigrationStatusParametersSchema } from '../migrations/get-migration-status'
export { enqueueMintJobParametersSchema } from '../minting/enqueue-mint-job'
export { getMintJobParametersSchema } from '../minting/get-mint-job'
export { brandPipelineSchema, readBrandPipelineParametersSchema } from '../minting/read-brand-pipeline'
export { waitForMintParametersSchema } from '../minting/wait-for-mint'
export { completeLocalCheckoutParametersSchema } from '../payments/complete-local-checkout'
export {
  CHECKOUT_CURRENCIES,
  createCheckoutParametersSchema,
  createCheckoutResponseSchema,
  MAX_CHECKOUT_CENTS,
  MIN_CHECKOUT_CENTS,
} from '../payments/create-checkout-schema'
export { getCheckoutSessionParametersSchema } from '../payments/get-checkout-session'
export { getClawbackSignerParametersSchema } from '../payments/get-clawback-signer'
export {
  handlePaymentEventParametersSchema,
  handlePaymentEventResponseSchema,
  providerRefundSchema,
} from '../payments/handle-payment-event-schema'
export { listRefundClawbacksParametersSchema } from '../payments/list-refund-clawbacks'
export { mintForPaymentParametersSchema, mintForPaymentResponseSchema } from '../payments/mint-for-payment-schema'
export { createPerkParametersSchema } from '../perks/create-perk'
export {
  getPerkStatusParametersSchema,
  getPerkStatusRequestSchema,
  getPerkStatusResponseSchema,
  perkHolderSchema,
} from '../perks/get-perk-status-schema'
export {
  listPerkHoldersParametersSchema,
  listPerkHoldersRequestSchema,
  listPerkHoldersResponseSchema,
} from '../perks/list-perk-holders-schema'
export { listPerksParametersSchema } from '../perks/list-perks'
export { recoverPendingRedemptionsParametersSchema } from '../perks/recover-pending-redemptions'
export { redeemForMemberParametersSchema } from '../perks/redeem-for-member'
export {
  redeemPerkChargesParametersSchema,
  redeemPerkChargesRequestSchema,
  redeemPerkChargesResponseSchema,
} from '../perks/redeem-perk-charges-schema'
export { verifyBrandSignatureParametersSchema } from '../perks/verify-brand-signature'
export { addPointsSaleItemParametersSchema } from '../points-sale/add-points-sale-item'
export {
  listPointsSaleItemsParametersSchema,
  listPointsSaleItemsRequestSchema,
  listPointsSaleItemsResponseSchema,
  pointsSaleItemSchema,
} from '../points-sale/list-points-sale-items-schema'
export {
  pregenerateUserParametersSchema,
  pregenerateUserResponseSchema,
} from '../pregeneration/pregenerate-user-schema'
export {
  eventProofRuleSchema,
  getEventProofParametersSchema,
  getEventProofResponseSchema,
} from '../proofs/get-event-proof-schema'
export { getPaymentProofParametersSchema, getPaymentProofResponseSchema } from '../proofs/get-payment-proof-schema'
export {
  getRedemptionProofParametersSchema,
  getRedemptionProofResponseSchema,
} from '../proofs/get-redemption-proof-schema'
export { proofFactsSchema, proofStatusSchema } from '../proofs/proof-facts-schema'
export { verifyProofParametersSchema, verifyProofResponseSchema } from '../proofs/verify-proof-schema'
export { hitRateLimitParametersSchema } from '../rate-limits/hit-rate-limit'
export { peekRateLimitParametersSchema } from '../rate-limits/peek-rate-limit'
export { getRelayGasUsageParametersSchema } from '../relay/get-relay-gas-usage'
export {
  relayParametersSchema,
  relayPermitSchema,
  relayRequestPermitSchema,
  relayRequestSchema,
  relayResponseSchema,
} from '../relay/relay-schema'
export { listRulesParametersSchema } from '../rules/list-rules'
export { previewRuleParametersSchema, previewRuleResponseSchema } from '../rules/preview-rule'
export { setRuleParametersSchema } from '../rules/set-rule'
export { checkInParametersSchema, checkInRequestSchema, checkInResponseSchema } from '../site/check-in-schema'
export {
  claimMilestoneParametersSchema,
  claimMilestoneRequestSchema,
  claimMilestoneResponseSchema,
} from '../site/claim-milestone-schema'
export { getSiteConfigParametersSchema } from '../site/get-site-config'
export { getStreakParametersSchema, getStreakRequestSchema, getStreakResponseSchema } from '../site/get-streak-schema'
export {
  redeemSitePerkParametersSchema,
  redeemSitePerkRequestSchema,
  redeemSitePerkResponseSchema,
} from '../site/redeem-site-perk-schema'
export { restoreStreakParametersSchema } from '../site/restore-streak'
export { setSiteConfigParametersSchema } from '../site/set-site-config'
export { siteConfigSchema } from '../site/site-config'
export {
  siteLeaderboardParametersSchema,
  siteLeaderboardRequestSchema,
  siteLeaderboardResponseSchema,
} from '../site/site-leaderboard-schema'
export { siteUserSchema } from '../site/site-user-schema'
export { streakViewSchema } from '../site/streak-view-schema'
export { findWalletByOwnerParametersSchema } from '../wallets/find-wallet-by-owner'
export { getOrCreateWalletParametersSchema } from '../wallets/get-or-create-wallet'
export { loadWalletAccountParametersSchema } from '../wallets/load-wallet-account'
export { createWebhookEndpointParametersSchema } from '../webhooks/create-webhook-endpoint'
export { deleteWebhookEndpointParametersSchema } from '../webhooks/delete-webhook-endpoint'
export { getWebhookEndpointParametersSchema } from '../webhooks/get-webhook-endpoint'
export { listWebhookDeliveriesParametersSchema } from '../webhooks/list-webhook-deliveries'
export { listWebhookDeliveryPageParametersSchema } from '../webhooks/list-webhook-delivery-page'
export { listWebhookEndpointsParametersSchema } from '../webhooks/list-webhook-endpoints'
export { redeliverWebhookParametersSchema } from '../webhooks/redeliver-webhook'
export { rotateWebhookEndpointSecretParametersSchema } from '../webhooks/rotate-webhook-endpoint-secret'
export { setWebhookEndpointParametersSchema } from '../webhooks/set-webhook-endpoint'
export { setWebhookEndpointEnabledParametersSchema } from '../webhooks/set-webhook-endpoint-enabled'
export { tokensDistributedEventSchema } from '../webhooks/tokens-distributed-event-schema'
export { triggerWebhookParametersSchema } from '../webhooks/trigger-webhook-schema'
export { updateWebhookEndpointParametersSchema } from '../webhooks/update-webhook-endpoint'
export { apiKeyScopeSchema } from './api-key-scope'
export { brandIdSchema } from './brand-id'
export { emailSchema } from './email'
export { eventRuleWireSchema } from './event-rule'
export { eventTypeSchema } from './event-type'
export { websiteOriginSchema } from './website-origin'
export { wireFormats } from './wire-formats'
