import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { checkPurchaseConstraint } from './check-purchase-constraint'
import { invalidateConstraintCache } from './invalidate-constraint-cache'
import { listPerkConstraints } from './list-perk-constraints'
import { removePerkConstraint } from './remove-perk-constraint'
import { setPerkConstraint } from './set-perk-constraint'

/** `engine.constraints`: external purchase constraints of perks and their answer cache. */
export function bindConstraints(ctx: EngineContext) {
  return {
    set: bindOperation(ctx, setPerkConstraint),
    remove: bindOperation(ctx, removePerkConstraint),
    list: bindOperation(ctx, listPerkConstraints),
    check: bindOperation(ctx, checkPurchaseConstraint),
    invalidate: bindOperation(ctx, invalidateConstraintCache),
  }
}
