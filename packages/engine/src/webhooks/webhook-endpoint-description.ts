import { z } from 'zod'

/** What an endpoint is for, as its owner describes it: at most 500 characters, no control characters. */
export const webhookEndpointDescriptionSchema = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters on purpose
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters')
