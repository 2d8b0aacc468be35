import { z } from 'zod'
import type { IdentityProvider, ProviderAccount } from '../ports/identity-provider'
import { IdentityProviderError } from './identity-errors'

export type PrivyIdentityProviderOptions = {
  appId: string
  appSecret: string
  /** Base URL of Privy's REST API; default `https://auth.privy.io`. */
  apiUrl?: string
  /** Per-request timeout; default 10000 ms. */
  timeoutMs?: number
  /** Default the global fetch. */
  fetch?: typeof fetch
}

/** Privy's default base URL (REST API under `/api/v1`). */
export const PRIVY_API_URL = 'https://auth.privy.io'

const linkedAccountSchema = z.looseObject({
  type: z.string(),
  address: z.string().optional(),
  chain_type: z.string().optional(),
  wallet_client_type: z.string().optional(),
  connector_type: z.string().optional(),
})

/** The part of Privy's user object this adapter reads (`id`, `linked_accounts`). */
const privyUserSchema = z.looseObject({
  id: z.string().startsWith('did:'),
  linked_accounts: z.array(linkedAccountSchema),
})

type PrivyUser = z.infer<typeof privyUserSchema>

/** Privy's `linked_accounts` entry for an account (types and fields of Privy's user import docs). */
function linkedAccount(account: ProviderAccount): Record<string, unknown> {
  if (account.kind === 'email') return { type: 'email', address: account.email }
  const username = account.username
  const withUsername = (o: Record<string, unknown>) => (username === undefined ? o : { ...o, username })
  switch (account.provider) {
    case 'telegram':
      return withUsername({ type: 'telegram', telegram_user_id: account.userId })
    case 'google':
      return username?.includes('@')
        ? { type: 'google_oauth', subject: account.userId, email: username }
        : { type: 'google_oauth', subject: account.userId, ...(username === undefined ? {} : { name: username }) }
    case 'spotify':
      return { type: 'spotify_oauth', subject: account.userId, ...(username === undefined ? {} : { name: username }) }
    default:
      return withUsername({ type: `${account.provider}_oauth`, subject: account.userId })
  }
}

/** A path segment; DIDs keep their colons, as in Privy's documented paths (`/api/v1/users/did:privy:…`). */
const segment = (value: string) => encodeURIComponent(value).replace(/%3A/gi, ':')

/** The user's embedded Ethereum wallet (Privy: `type: wallet`, `wallet_client_type: privy`), lowercase. */
function embeddedWallet(user: PrivyUser): string | undefined {
  const wallet = user.linked_accounts.find(
    (a) =>
      a.type === 'wallet' &&
      (a.chain_type ?? 'ethereum') === 'ethereum' &&
      (a.wallet_client_type === 'privy' || a.connector_type === 'embedded') &&
      typeof a.address === 'string' &&
      /^0x[0-9a-fA-F]{40}$/.test(a.address),
  )
  return wallet?.address?.toLowerCase()
}

/**
 * The hosted identity provider: Privy's REST API with the app id and secret (HTTP Basic auth plus the
 * `privy-app-id` header). `createUser` is `POST /api/v1/users` with the account in `linked_accounts`
 * and `create_ethereum_wallet: true`; when the answer carries no embedded wallet it pregenerates one
 * with `POST /api/v1/users/:id/wallets`. `getUser` is `GET /api/v1/users/:id`. Wallets stay with Privy
 * (not custodial here). See docs/identity.md for the documented shapes this relies on.
 */
export function createPrivyIdentityProvider(options: PrivyIdentityProviderOptions): IdentityProvider {
  const base = (options.apiUrl ?? PRIVY_API_URL).replace(/\/+$/, '')
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
  const timeoutMs = options.timeoutMs ?? 10_000
  const authorization = `Basic ${Buffer.from(`${options.appId}:${options.appSecret}`).toString('base64')}`

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    let res: Response
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          'privy-app-id': options.appId,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      })
    } catch (cause) {
      throw new IdentityProviderError('The identity provider cannot be reached', { provider: 'privy' }, cause)
    }
    const text = await res.text()
    let json: unknown
    try {
      json = text === '' ? undefined : JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: res.status, json }
  }

  function failure(what: string, status: number, json: unknown): IdentityProviderError {
    const error = (json as { error?: unknown } | undefined)?.error
    return new IdentityProviderError(`The identity provider refused to ${what} (HTTP ${status})`, {
      provider: 'privy',
      status,
      ...(typeof error === 'string' ? { providerError: error.slice(0, 300) } : {}),
    })
  }

  function parseUser(what: string, json: unknown): PrivyUser {
    const parsed = privyUserSchema.safeParse(json)
    if (!parsed.success) {
      throw new IdentityProviderError(`The identity provider answered ${what} with an unexpected body`, {
        provider: 'privy',
      })
    }
    return parsed.data
  }

  return {
    name: 'privy',

    async createUser(account) {
      const created = await call('POST', '/api/v1/users', {
        linked_accounts: [linkedAccount(account)],
        create_ethereum_wallet: true,
      })
      if (created.status < 200 || created.status >= 300) throw failure('create a user', created.status, created.json)
      let user = parseUser('create user', created.json)
      let wallet = embeddedWallet(user)
      if (!wallet) {
        const pregenerated = await call('POST', `/api/v1/users/${segment(user.id)}/wallets`, {
          wallets: [{ chain_type: 'ethereum' }],
        })
        if (pregenerated.status < 200 || pregenerated.status >= 300) {
          throw failure('pregenerate a wallet', pregenerated.status, pregenerated.json)
        }
        user = parseUser('pregenerate wallets', pregenerated.json)
        wallet = embeddedWallet(user)
      }
      if (!wallet) {
        throw new IdentityProviderError('The identity provider created a user without an Ethereum wallet', {
          provider: 'privy',
        })
      }
      return { userId: user.id, walletAddress: wallet, walletOwnerKey: null, walletCreated: true }
    },

    async getUser(userId) {
      const res = await call('GET', `/api/v1/users/${segment(userId)}`)
      if (res.status === 404) return undefined
      if (res.status < 200 || res.status >= 300) throw failure('read a user', res.status, res.json)
      const user = parseUser('get user', res.json)
      return { userId: user.id, walletAddress: embeddedWallet(user), custodial: false }
    },

    async ping() {
      const res = await call('GET', `/api/v1/apps/${segment(options.appId)}/jwks.json`)
      if (res.status < 200 || res.status >= 300) throw failure('serve its JWKS', res.status, res.json)
    },
  }
}
