import { z } from 'zod'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { MigrationState } from '../ports/storage'

export const getMigrationStatusParametersSchema = z.object({})

export type GetMigrationStatusParameters = z.input<typeof getMigrationStatusParametersSchema>

export type GetMigrationStatusReturnType = {
  /** Every migration this version knows, in the order they run (`appliedAt` null: pending). */
  migrations: MigrationState[]
  /** Names of the pending ones, in order. */
  pending: string[]
  /** Applied by a newer version and unknown to this one (this version refuses to migrate then). */
  unknown: { name: string; appliedAt: number }[]
  /** Nothing pending and nothing unknown. */
  upToDate: boolean
}

/**
 * Which database migrations are applied and which are pending, without applying or creating
 * anything (`loyaltykit migrate status`; `loyaltykit migrate` applies them).
 */
export async function getMigrationStatus(
  ctx: EngineContext,
  params: GetMigrationStatusParameters = {},
): Promise<GetMigrationStatusReturnType> {
  parseInput(getMigrationStatusParametersSchema, params)
  const { migrations, unknown } = await ctx.storage.migrationStatus()
  const pending = migrations.filter((m) => m.appliedAt === null).map((m) => m.name)
  return { migrations, pending, unknown, upToDate: pending.length === 0 && unknown.length === 0 }
}
