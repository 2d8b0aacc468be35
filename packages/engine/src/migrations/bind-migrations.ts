import { bindOperation } from '../bind-operation'
import type { EngineContext } from '../context'
import { getMigrationStatus } from './get-migration-status'

/** `engine.migrations`: the database schema's state (`loyaltykit migrate status`). */
export function bindMigrations(ctx: EngineContext) {
  return {
    status: bindOperation(ctx, getMigrationStatus),
  }
}
