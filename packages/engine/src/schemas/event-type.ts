import { z } from 'zod'

/** An event type (or custom event id): letters, digits and underscore, 1 to 50 characters. */
export const eventTypeSchema = z
  .string()
  .regex(/^[A-Za-z0-9_]{1,50}$/, 'must be 1 to 50 letters, digits or underscores')
