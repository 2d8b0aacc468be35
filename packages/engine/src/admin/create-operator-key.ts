import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { hashApiKey } from '../brands/hash-api-key'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import type { OperatorKeyRecord } from '../ports/operator-key-store'
import { type OperatorKeyView, toOperatorKeyView } from './operator-key-view'

/** What an operator key's secret starts with (the admin API tells the two key kinds apart by it). */
export const OPERATOR_KEY_PREFIX = 'lko_'

export const createOperatorKeyParametersSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters on purpose
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
})

export type CreateOperatorKeyParameters = z.input<typeof createOperatorKeyParametersSchema>

export type CreateOperatorKeyReturnType = {
  key: OperatorKeyView
  /** `lko_` + 32 random bytes (base64url); shown once, only its SHA-256 hash is stored. */
  secret: string
}

/** Creates an operator key (docs/admin-api.md#operator-keys): manages every brand through the admin API. */
export async function createOperatorKey(
  ctx: EngineContext,
  params: CreateOperatorKeyParameters,
): Promise<CreateOperatorKeyReturnType> {
  const p = parseInput(createOperatorKeyParametersSchema, params, 'Invalid operator key')
  const secret = `${OPERATOR_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  const record: OperatorKeyRecord = {
    id: `opk_${randomBytes(12).toString('hex')}`,
    name: p.name,
    keyHash: hashApiKey(secret),
    prefix: secret.slice(0, 12),
    createdAt: ctx.clock.now(),
    revokedAt: null,
  }
  await ctx.storage.operatorKeys.create(record)
  ctx.logger.info({ operatorKeyId: record.id }, 'operator key created')
  return { key: toOperatorKeyView(record), secret }
}
