import { type SignRequestParameters, signRequest } from './sign-request'

/** Who signs: a brand (perk charges, keyed by the brand security key) or an agent key (agent API). */
export type SigningCredentials =
  | { type: 'brand'; brandId: string; securityKey: string }
  | { type: 'agent'; keyId: string; secret: string }

const SIGNATURE_HEADERS = {
  brandId: 'X-LOYALTY-Brand-Id',
  agentKey: 'X-LOYALTY-Agent-Key',
  timestamp: 'X-LOYALTY-Timestamp',
  signature: 'X-LOYALTY-Signature',
} as const

/**
 * The three signature headers for one request: `X-LOYALTY-Brand-Id` or `X-LOYALTY-Agent-Key`, then
 * `X-LOYALTY-Timestamp` and `X-LOYALTY-Signature`. Call it per attempt so each retry carries a fresh timestamp.
 */
export async function signatureHeaders(
  credentials: SigningCredentials,
  request: Omit<SignRequestParameters, 'secret'>,
): Promise<Record<string, string>> {
  const secret = credentials.type === 'brand' ? credentials.securityKey : credentials.secret
  const { timestamp, signature } = await signRequest({ ...request, secret })
  const identity =
    credentials.type === 'brand'
      ? { [SIGNATURE_HEADERS.brandId]: credentials.brandId }
      : { [SIGNATURE_HEADERS.agentKey]: credentials.keyId }
  return { ...identity, [SIGNATURE_HEADERS.timestamp]: timestamp, [SIGNATURE_HEADERS.signature]: signature }
}
