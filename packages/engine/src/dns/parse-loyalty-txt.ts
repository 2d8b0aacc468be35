/** The fields of a `_loyalty.<domain>` TXT record: `brand_id=<BRAND_ID>;api_key=<API_KEY>`. */
export type LoyaltyTxtRecord = { brandId: string; apiKey: string }

/**
 * Parses one TXT record (its character strings joined). Keys are case-insensitive, separators `;`
 * with optional spaces; answers undefined unless both fields are present.
 */
export function parseLoyaltyTxt(record: string): LoyaltyTxtRecord | undefined {
  const fields = new Map<string, string>()
  for (const part of record.split(';')) {
    const eq = part.indexOf('=')
    if (eq <= 0) continue
    fields.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim())
  }
  const brandId = fields.get('brand_id')
  const apiKey = fields.get('api_key')
  return brandId && apiKey ? { brandId: brandId.toLowerCase(), apiKey } : undefined
}
