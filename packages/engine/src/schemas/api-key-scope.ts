import { z } from 'zod'

/** What a bearer API key may be used for (see ApiKeyScope). */
export const apiKeyScopeSchema = z.enum([
  'events',
  'constraints',
  'dns',
  'perk_charges',
  'agent',
  'members_read',
  'site',
  'admin:read',
  'admin:write',
])
