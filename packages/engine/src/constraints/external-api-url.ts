import { z } from 'zod'

/** Normalised spelling of an http(s) URL (WHATWG serialisation), the key of cached answers. */
export function normalizeApiUrl(url: string): string {
  return new URL(url.trim()).toString()
}

/** An external constraint API: an http or https URL of at most 2048 characters, normalised. */
export const externalApiUrlSchema = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'must be an http or https URL')
  .transform(normalizeApiUrl)
