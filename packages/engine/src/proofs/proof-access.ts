import type { EngineContext } from '../context'
import { isTrustedCaller } from '../events/is-trusted-caller'

/**
 * Whether a proof may show personal data: only to a live API key (scope `events`) of the brand the
 * movement belongs to. No key: false (the proof is public, masked). A key that is unknown, revoked
 * or lacks the scope → 401 INVALID_API_KEY; a valid key of another brand → 403
 * API_KEY_BRAND_MISMATCH, as on manual-event: a caller that sends a key expects it to count, and a
 * silent masked answer would hide its mistake. A movement no brand is party to is masked for every
 * key (any valid key is another brand's: 403).
 */
export async function revealsPersonalData(
  ctx: EngineContext,
  apiKey: string | undefined,
  brandId: string | null,
): Promise<boolean> {
  if (apiKey === undefined) return false
  return isTrustedCaller(ctx, apiKey, brandId ?? '')
}
