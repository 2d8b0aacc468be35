import { randomBytes } from 'node:crypto'
import { createLocalTokenIssuer, generateIdentitySigningKey, type LocalTokenIssuer } from '@loyaltykit/engine'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'

/**
 * Privy's REST API as Privy documents it (docs/identity.md), answered by msw at the HTTP boundary:
 * `POST /api/v1/users` with `linked_accounts` + `create_ethereum_wallet`, `POST /api/v1/users/:id/wallets`,
 * `GET /api/v1/users/:id`, the app's JWKS; Basic auth (app id : secret) plus the `privy-app-id` header.
 */
export const APP_ID = 'clpispdty00ycl80fpueukbhl'
export const APP_SECRET = `privy_secret_${randomBytes(8).toString('hex')}`
const PRIVY = 'https://auth.privy.io'
export const BASIC = `Basic ${Buffer.from(`${APP_ID}:${APP_SECRET}`).toString('base64')}`

export type PrivyUser = {
  id: string
  created_at: number
  linked_accounts: Record<string, unknown>[]
  mfa_methods: []
  has_accepted_terms: boolean
  is_guest: boolean
}

export type PrivyApiMock = {
  /** Privy's users by id. */
  users: Map<string, PrivyUser>
  /** Every request the mock answered, in order. */
  requests: Array<{ method: string; path: string; auth: string | null; appId: string | null; body: unknown }>
  /** The status the next `POST /api/v1/users` fails with (once), if set. */
  failNextCreate: number | undefined
  /** Users created with `create_ethereum_wallet` get no wallet while set. */
  createWithoutWallet: boolean
  /** The JWKS endpoint's status (200: the issuer's key). */
  jwksStatus: number
  /** Signs access tokens as Privy would (iss privy.io, aud the app id), with the key the JWKS serves. */
  issuer: LocalTokenIssuer
  /** A new embedded wallet as a linked account of Privy's user object. */
  walletAccount(): Record<string, unknown>
  close(): void
}

/** Starts the mock (msw lets every other request through). */
export async function startPrivyApiMock(): Promise<PrivyApiMock> {
  const mock: PrivyApiMock = {
    users: new Map(),
    requests: [],
    failNextCreate: undefined,
    createWithoutWallet: false,
    jwksStatus: 200,
    issuer: await createLocalTokenIssuer({
      privateJwk: await generateIdentitySigningKey(),
      issuer: 'privy.io',
      audience: APP_ID,
    }),
    walletAccount: () => walletAccount(),
    close: () => server.close(),
  }
  const { users, requests } = mock

  const verified = () => {
    const t = Math.floor(Date.now() / 1000)
    return { verified_at: t, first_verified_at: t, latest_verified_at: t }
  }
  const walletAccount = () => ({
    address: `0x${randomBytes(20).toString('hex').toUpperCase()}`,
    type: 'wallet',
    chain_type: 'ethereum',
    chain_id: '1',
    wallet_client: 'unknown',
    wallet_client_type: 'privy',
    connector_type: 'embedded',
    ...verified(),
  })

  async function record(request: Request, params: Record<string, unknown> = {}) {
    const body = request.method === 'POST' ? await request.json() : undefined
    requests.push({
      method: request.method,
      path: new URL(request.url).pathname,
      auth: request.headers.get('authorization'),
      appId: request.headers.get('privy-app-id'),
      body,
    })
    const authorised = request.headers.get('authorization') === BASIC && request.headers.get('privy-app-id') === APP_ID
    return { body: body as Record<string, unknown>, authorised, params }
  }

  const server = setupServer(
    http.post(`${PRIVY}/api/v1/users`, async ({ request }) => {
      const { body, authorised } = await record(request)
      if (!authorised) return HttpResponse.json({ error: 'Invalid app ID or app secret.' }, { status: 401 })
      await new Promise((r) => setTimeout(r, 30))
      if (mock.failNextCreate) {
        const status = mock.failNextCreate
        mock.failNextCreate = undefined
        return HttpResponse.json({ error: 'Too many requests' }, { status })
      }
      const id = `did:privy:${randomBytes(12).toString('hex')}`
      const accounts = (body.linked_accounts as Record<string, unknown>[]).map((a) => ({ ...a, ...verified() }))
      const user: PrivyUser = {
        id,
        created_at: Math.floor(Date.now() / 1000),
        linked_accounts:
          body.create_ethereum_wallet && !mock.createWithoutWallet ? [...accounts, walletAccount()] : accounts,
        mfa_methods: [],
        has_accepted_terms: false,
        is_guest: false,
      }
      users.set(id, user)
      return HttpResponse.json(user)
    }),
    http.post(`${PRIVY}/api/v1/users/:id/wallets`, async ({ request, params }) => {
      const { authorised } = await record(request)
      const user = users.get(decodeURIComponent(String(params.id)))
      if (!authorised) return HttpResponse.json({ error: 'Invalid app ID or app secret.' }, { status: 401 })
      if (!user) return HttpResponse.json({ error: 'User not found' }, { status: 404 })
      user.linked_accounts.push(walletAccount())
      return HttpResponse.json(user)
    }),
    http.get(`${PRIVY}/api/v1/users/:id`, async ({ request, params }) => {
      const { authorised } = await record(request)
      if (!authorised) return HttpResponse.json({ error: 'Invalid app ID or app secret.' }, { status: 401 })
      const user = users.get(decodeURIComponent(String(params.id)))
      return user ? HttpResponse.json(user) : HttpResponse.json({ error: 'User not found' }, { status: 404 })
    }),
    http.get(`${PRIVY}/api/v1/apps/${APP_ID}/jwks.json`, () =>
      mock.jwksStatus === 200
        ? HttpResponse.json({ keys: [mock.issuer.publicJwk] })
        : HttpResponse.json({ error: 'unavailable' }, { status: mock.jwksStatus }),
    ),
  )
  server.listen({ onUnhandledFrame: 'bypass' })
  return mock
}
