import { createServer } from 'node:http'

/** A redemption request the stand-in received. */
type Received = { headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }

export const PERKS = {
  coffee: '6f1c0a52-7d3e-4a8e-9f00-0c6f5a1b2c01',
  spa: '6f1c0a52-7d3e-4a8e-9f00-0c6f5a1b2c02',
  mug: '6f1c0a52-7d3e-4a8e-9f00-0c6f5a1b2c03',
  paused: '6f1c0a52-7d3e-4a8e-9f00-0c6f5a1b2c04',
} as const

/** The upstream's error body (docs/site-plugin.md, "Errors"). */
function refusal(status: number, code: string, message: string, details: Record<string, unknown>) {
  return [status, { success: false, error: message, message, code, details, requestId: 'req-1' }] as const
}

/** The documented answer of `POST /loyalty-api/site/redeem` to this body: [status, body]. */
export function redeemAnswer(raw: string): readonly [number, unknown] {
  const body = JSON.parse(raw) as Record<string, unknown>
  switch (body.perkId) {
    case PERKS.coffee:
      return [
        200,
        {
          success: true,
          confirmationCode: 'K7Q2-9XMD',
          perk: { id: PERKS.coffee, name: 'Free coffee', cost: 50, category: 'dining' },
          redemptionId: '3d0c8e9a-1111-4c4c-8888-000000000001',
          transactionHash: `0x${'ab'.repeat(32)}`,
        },
      ]
    case PERKS.spa:
      return refusal(409, 'INSUFFICIENT_BALANCE', 'Insufficient balance: 10 points, the perk costs 5000', {
        reason: 'insufficient_balance',
        balance: 10,
        cost: 5000,
      })
    case PERKS.mug:
      return refusal(409, 'PERK_SOLD_OUT', 'This perk is sold out', { reason: 'sold_out' })
    case PERKS.paused:
      return refusal(409, 'PERK_INACTIVE', 'This perk is paused', { reason: 'inactive' })
    default:
      return refusal(404, 'PERK_NOT_FOUND', 'No perk with this id at this brand', { reason: 'not_found' })
  }
}

/**
 * A stand-in for `POST /loyalty-api/site/redeem` answering exactly as docs/site-plugin.md documents
 * it (the success body and the refusal table), for as long as the loyaltykit server does not serve it
 * yet; every other path is the server's 404 ROUTE_NOT_FOUND. Records what the plugin sent.
 */
export async function startRedeemContractUpstream() {
  const received: Received[] = []
  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString()
    })
    req.on('end', () => {
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      if (req.method !== 'POST' || req.url !== '/loyalty-api/site/redeem') {
        return send(...refusal(404, 'ROUTE_NOT_FOUND', `Not found: ${req.method} ${req.url}`, {}))
      }
      const body = JSON.parse(raw) as Record<string, unknown>
      received.push({ headers: req.headers, body })
      send(...redeemAnswer(raw))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    received,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
