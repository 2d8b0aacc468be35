import { z } from 'zod'

/** A brand as the admin API answers it (docs/admin-api.md#brands); never a key or secret. */
export const adminBrandSchema = z
  .object({
    id: z.string().meta({ example: '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c' }),
    name: z.string(),
    websites: z.array(z.string()),
    category: z.string().nullable(),
    description: z.string().nullable(),
    contactEmail: z.string().nullable(),
    onboardedByAgentKeyId: z.string().nullable(),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  })
  .meta({ id: 'AdminBrand' })
