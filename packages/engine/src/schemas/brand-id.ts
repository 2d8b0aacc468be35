import { z } from 'zod'

/** A brand id as the spec requires it: a 0x address of 40 hex digits, lowercase. */
export const brandIdSchema = z.string().regex(/^0x[0-9a-f]{40}$/, 'must be a lowercase 0x address (42 characters, hex)')
