import { z } from 'zod'

/** An agent key id as `newAgentSecret('id')` makes them. */
export const agentKeyIdSchema = z.string().regex(/^lak_[0-9a-f]{24}$/, 'must be an agent key id (lak_ + 24 hex digits)')
