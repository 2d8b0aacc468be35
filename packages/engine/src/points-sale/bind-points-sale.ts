import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { addPointsSaleItem } from './add-points-sale-item'
import { listPointsSaleItems } from './list-points-sale-items'

/** `engine.pointsSale`: the items of the deployment's PointsSale contract. */
export function bindPointsSale(ctx: EngineContext) {
  return {
    add: bindOperation(ctx, addPointsSaleItem),
    list: bindOperation(ctx, listPointsSaleItems),
  }
}
