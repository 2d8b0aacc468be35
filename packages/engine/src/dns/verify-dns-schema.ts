import { z } from 'zod'
import { wireFormats } from '../schemas/wire-formats'
import { hostOf, isValidDomain } from '../web/domain-names'

/** Body of `POST /loyalty-api/verify-dns`. */
export const verifyDnsParametersSchema = z.object({
  /** A domain (a URL is reduced to its host); the server reads TXT records at `_loyalty.<domain>`. */
  domain: z
    .string({ error: 'domain is required' })
    .max(253, { error: 'domain must be at most 253 characters' })
    .transform((d) => hostOf(d) ?? d)
    .refine(isValidDomain, { error: 'domain must be a valid domain name' }),
})

export type VerifyDnsParameters = z.input<typeof verifyDnsParametersSchema>

/** 200 body of `POST /loyalty-api/verify-dns`. */
export const verifyDnsResponseSchema = z.object({
  success: z.literal(true),
  /** The domain looked up (normalised). */
  domain: z.string(),
  /** True when a TXT record names an existing brand with one of its `dns` API keys. */
  dnsConfigured: z.boolean(),
  /** The brand the record names; null when `dnsConfigured` is false. */
  brandId: wireFormats.address.nullable(),
})
