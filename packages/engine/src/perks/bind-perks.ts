import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { createPerk } from './create-perk'
import { getPerkStatus } from './get-perk-status'
import { listPerkHolders } from './list-perk-holders'
import { listPerks } from './list-perks'
import { redeemPerkCharges } from './redeem-perk-charges'
import { verifyBrandSignature } from './verify-brand-signature'

/** `engine.perks`: perk collections and their brand-signed charge endpoints. */
export function bindPerks(ctx: EngineContext) {
  return {
    create: bindOperation(ctx, createPerk),
    list: bindOperation(ctx, listPerks),
    verifyBrandSignature: bindOperation(ctx, verifyBrandSignature),
    redeemCharges: bindOperation(ctx, redeemPerkCharges),
    getStatus: bindOperation(ctx, getPerkStatus),
    listHolders: bindOperation(ctx, listPerkHolders),
  }
}
