// Every wire schema of the HTTP surface, by operation: `<op>ParametersSchema` is what the operation
// parses (the request), `<op>RequestSchema` what clients send where the two differ (coercions,
// bigints), `<op>ResponseSchema` the 200 body. Each lives beside its operation (docs/architecture.md);
// this module gathers them for the SDK's type generator, docs and a later `@loyaltykit/engine/schemas`.
export {
  invalidateConstraintCacheParametersSchema,
  invalidateConstraintCacheResponseSchema,
} from '../constraints/invalidate-constraint-cache-schema'
export { verifyDnsParametersSchema, verifyDnsResponseSchema } from '../dns/verify-dns-schema'
export {
  checkEligibilityParametersSchema,
  checkEligibilityResponseSchema,
  eligibilityReasonSchema,
} from '../events/check-eligibility-schema'
export { getEventConfigParametersSchema, getEventConfigResponseSchema } from '../events/get-event-config-schema'
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
export { devLoginParametersSchema, devLoginResponseSchema } from '../identity/dev-login-schema'
export { getUserWalletParametersSchema, getUserWalletResponseSchema } from '../identity/get-user-wallet-schema'
export {
  permitSchema,
  signUserTypedDataParametersSchema,
  signUserTypedDataResponseSchema,
} from '../identity/sign-user-typed-data-schema'
export {
  CHECKOUT_CURRENCIES,
  createCheckoutParametersSchema,
  createCheckoutResponseSchema,
  MAX_CHECKOUT_CENTS,
  MIN_CHECKOUT_CENTS,
} from '../payments/create-checkout-schema'
export {
  handlePaymentEventParametersSchema,
  handlePaymentEventResponseSchema,
  providerRefundSchema,
} from '../payments/handle-payment-event-schema'
export { mintForPaymentParametersSchema, mintForPaymentResponseSchema } from '../payments/mint-for-payment-schema'
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
export {
  redeemPerkChargesParametersSchema,
  redeemPerkChargesRequestSchema,
  redeemPerkChargesResponseSchema,
} from '../perks/redeem-perk-charges-schema'
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
export {
  relayParametersSchema,
  relayPermitSchema,
  relayRequestPermitSchema,
  relayRequestSchema,
  relayResponseSchema,
} from '../relay/relay-schema'
export { tokensDistributedEventSchema } from '../webhooks/tokens-distributed-event-schema'
export { apiKeyScopeSchema } from './api-key-scope'
export { brandIdSchema } from './brand-id'
export { emailSchema, normalizeEmail } from './email'
export { type EventRuleWire, eventRuleWireSchema, toEventRuleWire } from './event-rule'
export { eventTypeSchema } from './event-type'
export { websiteOriginSchema } from './website-origin'
export { wireFormats } from './wire-formats'
