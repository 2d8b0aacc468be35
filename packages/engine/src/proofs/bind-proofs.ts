import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { getEventProof } from './get-event-proof'
import { getPaymentProof } from './get-payment-proof'
import { getRedemptionProof } from './get-redemption-proof'
import { verifyProof } from './verify-proof'

/** `engine.proofs`: proofs of issuance of events, payments and redemptions, read from the ledger and checked against the chain (docs/ledger.md#proof-of-issuance). */
export function bindProofs(ctx: EngineContext) {
  return {
    getEvent: bindOperation(ctx, getEventProof),
    getPayment: bindOperation(ctx, getPaymentProof),
    getRedemption: bindOperation(ctx, getRedemptionProof),
    verify: bindOperation(ctx, verifyProof),
  }
}
