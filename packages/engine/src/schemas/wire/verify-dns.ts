import { z } from 'zod'
import { wireFormats } from './wire-formats'

/** Body of `POST /loyalty-api/verify-dns`. */
export const verifyDnsRequestSchema = z.object({
  /** A domain (a URL is reduced to its host); the server reads TXT records at `_loyalty.<domain>`. */
  domain: z.string(),
})

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
