import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { createPerk } from './create-perk'
import { getPerkStatus } from './get-perk-status'
import { listPerkHolders } from './list-perk-holders'
import { listPerks } from './list-perks'
import { recoverPendingRedemptions } from './recover-pending-redemptions'
import { redeemForMember } from './redeem-for-member'
import { redeemPerkCharges } from './redeem-perk-charges'
import { verifyBrandSignature } from './verify-brand-signature'

/** `engine.perks`: perk collections, their brand-signed charge endpoints, redemptions for members. */
export function bindPerks(ctx: EngineContext) {
  return {
    create: bindOperation(ctx, createPerk),
    list: bindOperation(ctx, listPerks),
    verifyBrandSignature: bindOperation(ctx, verifyBrandSignature),
    redeemCharges: bindOperation(ctx, redeemPerkCharges),
    redeemForMember: bindOperation(ctx, redeemForMember),
    recoverPendingRedemptions: bindOperation(ctx, recoverPendingRedemptions),
    getStatus: bindOperation(ctx, getPerkStatus),
    listHolders: bindOperation(ctx, listPerkHolders),
  }
}
