import type { Response } from 'express'

/** How long a confirmed proof may be reused: a confirmed ledger entry never changes again. */
const CONFIRMED_PROOF_MAX_AGE_SECONDS = 86_400

/**
 * Answers a proof of issuance (docs/ledger.md#proof-of-issuance) with its caching: `no-store` while
 * it may still change (pending, failed); once confirmed, cacheable for a day and `immutable` —
 * `public` when masked (the same for everyone), `private` when an API key unmasked it (personal
 * data stays out of shared caches). `Vary: Authorization` either way. Call `noStore` before the
 * engine, so that an error (404) is not cached either.
 */
export function sendProof(res: Response, proof: { status: string; masked: boolean }): void {
  res.vary('Authorization')
  res.setHeader(
    'Cache-Control',
    proof.status === 'confirmed'
      ? `${proof.masked ? 'public' : 'private'}, max-age=${CONFIRMED_PROOF_MAX_AGE_SECONDS}, immutable`
      : 'no-store',
  )
  res.json(proof)
}

/** `Cache-Control: no-store` until `sendProof` decides otherwise: errors of proof routes are not cached. */
export function noStore(res: Response): void {
  res.setHeader('Cache-Control', 'no-store')
}
