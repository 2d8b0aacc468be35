import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { authenticateAdmin } from './authenticate-admin'
import { createOperatorKey } from './create-operator-key'
import { listOperatorKeys } from './list-operator-keys'
import { revokeOperatorKey } from './revoke-operator-key'

/** `engine.admin`: operator keys and who calls the admin API (docs/admin-api.md). */
export function bindAdmin(ctx: EngineContext) {
  return {
    authenticate: bindOperation(ctx, authenticateAdmin),
    createOperatorKey: bindOperation(ctx, createOperatorKey),
    listOperatorKeys: bindOperation(ctx, listOperatorKeys),
    revokeOperatorKey: bindOperation(ctx, revokeOperatorKey),
  }
}
