import { expect } from 'vitest'

export type Call = { method: 'GET' | 'POST'; path: string }

/** One public surface as the per-IP limit test drives it: its calls, and what its 429 body must be. */
export type IpLimitSurfaceCase = { name: string; calls: Call[]; body: (b: Record<string, unknown>) => void }

/** Every public surface of `loyaltykit start`, each with `limit` requests a minute per address. */
export function ipLimitSurfaceCases(limit: number): IpLimitSurfaceCase[] {
  return [
    {
      name: 'event handler (one window for its five endpoints)',
      calls: [
        { method: 'GET', path: '/loyalty-api/event-config' },
        { method: 'POST', path: '/loyalty-api/manual-event' },
        { method: 'POST', path: '/loyalty-api/bulk-events' },
        { method: 'POST', path: '/loyalty-api/check-eligibility' },
        { method: 'POST', path: '/loyalty-api/verify-dns' },
      ],
      body: (b) =>
        expect(b).toMatchObject({
          success: false,
          code: 'RATE_LIMIT_EXCEEDED',
          message: b.error,
          details: { scope: 'ip', limit, windowSeconds: 60 },
          requestId: expect.any(String),
        }),
    },
    {
      name: 'pregeneration',
      calls: [{ method: 'POST', path: '/loyalty-api/pregenerate-user' }],
      body: (b) =>
        expect(b).toEqual({
          error: 'Rate limit exceeded, please try again later',
          scope: 'ip',
          limit,
          windowSeconds: 60,
        }),
    },
    {
      name: 'relayer',
      // The points-sale listing counts in the relayer's window.
      calls: [
        { method: 'POST', path: '/relay' },
        { method: 'GET', path: '/points-sale/items' },
      ],
      body: (b) =>
        expect(b).toEqual({
          error: `Too many requests: at most ${limit} relayer requests per minute from one address`,
          code: 'RATE_LIMIT_EXCEEDED',
          details: { scope: 'ip', limit, windowSeconds: 60 },
        }),
    },
    {
      name: 'perk charges',
      calls: [
        { method: 'POST', path: '/redeem-perk' },
        { method: 'GET', path: '/check-perk-status' },
        { method: 'GET', path: '/list-perk-holders' },
      ],
      body: (b) => expect(b).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', details: { scope: 'ip', limit: limit } }),
    },
    {
      name: 'identity (dev login and the wallet API)',
      calls: [
        { method: 'POST', path: '/auth/dev-login' },
        { method: 'GET', path: '/wallet' },
        { method: 'POST', path: '/wallet/sign-typed-data' },
      ],
      body: (b) =>
        expect(b).toMatchObject({
          error: b.message,
          code: 'RATE_LIMIT_EXCEEDED',
          details: { scope: 'ip', limit: limit },
          requestId: expect.any(String),
        }),
    },
    {
      name: 'constraint invalidation',
      calls: [
        { method: 'POST', path: '/constraint-updater/invalidate-external-api' },
        { method: 'POST', path: '/invalidate-external-api' },
      ],
      body: (b) => expect(b).toMatchObject({ success: false, code: 'RATE_LIMIT_EXCEEDED' }),
    },
    {
      name: 'payments (create-checkout, payment-mint, the dev checkout)',
      calls: [
        { method: 'POST', path: '/loyalty-api/create-checkout' },
        { method: 'POST', path: '/loyalty-api/payment-mint' },
        { method: 'GET', path: '/loyalty-api/dev-checkout/cs_unknown' },
      ],
      body: (b) =>
        expect(b).toMatchObject({
          success: false,
          code: 'RATE_LIMIT_EXCEEDED',
          details: { scope: 'ip', limit, windowSeconds: 60 },
        }),
    },
    {
      name: 'proofs (events, payments, redemptions)',
      calls: [
        { method: 'GET', path: '/loyalty-api/events/evt_unknown' },
        { method: 'GET', path: '/loyalty-api/payments/cs_unknown' },
        { method: 'GET', path: '/loyalty-api/redemptions/1:1' },
      ],
      body: (b) =>
        expect(b).toMatchObject({
          success: false,
          code: 'RATE_LIMIT_EXCEEDED',
          details: { scope: 'ip', limit, windowSeconds: 60 },
        }),
    },
    {
      name: 'site API without a key',
      calls: [
        { method: 'POST', path: '/loyalty-api/site/checkin' },
        { method: 'GET', path: '/loyalty-api/site/streak?userId=1' },
        { method: 'POST', path: '/loyalty-api/site/claim-milestone' },
        { method: 'POST', path: '/loyalty-api/site/redeem' },
        { method: 'GET', path: '/loyalty-api/site/leaderboard' },
      ],
      body: (b) =>
        expect(b).toMatchObject({
          success: false,
          code: 'RATE_LIMIT_EXCEEDED',
          details: { scope: 'ip', limit, windowSeconds: 60 },
        }),
    },
    {
      name: 'member reads without a key',
      calls: [
        { method: 'GET', path: '/loyalty-api/members/ann@example.com' },
        { method: 'GET', path: '/loyalty-api/members/ann@example.com/history' },
      ],
      body: (b) =>
        expect(b).toMatchObject({
          success: false,
          code: 'RATE_LIMIT_EXCEEDED',
          details: { scope: 'ip', limit, windowSeconds: 60 },
        }),
    },
  ]
}
