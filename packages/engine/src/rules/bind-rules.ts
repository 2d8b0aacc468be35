import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { listRules } from './list-rules'
import { previewRule } from './preview-rule'
import { setRule } from './set-rule'

/** `engine.rules`: a brand's event rules. */
export function bindRules(ctx: EngineContext) {
  return {
    set: bindOperation(ctx, setRule),
    list: bindOperation(ctx, listRules),
    preview: bindOperation(ctx, previewRule),
  }
}
