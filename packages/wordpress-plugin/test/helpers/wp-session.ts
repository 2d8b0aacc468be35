/** A JSON answer of the WordPress REST API. */
export type RestAnswer = { status: number; body: Record<string, unknown>; headers: Headers }

/**
 * A browser-like client of one WordPress: a cookie jar filled by logging in through wp-login.php,
 * and the REST nonce (`wp_rest`) fetched from admin-ajax.php the way a theme's script gets one.
 */
export class WpSession {
  readonly cookies = new Map<string, string>()
  nonce: string | undefined

  constructor(readonly base: string) {}

  /** Logs in through wp-login.php (the login form's POST, with WordPress's test cookie). */
  static async login(base: string, user: string, password: string): Promise<WpSession> {
    const session = new WpSession(base)
    await session.request('/wp-login.php')
    const form = new URLSearchParams({
      log: user,
      pwd: password,
      'wp-submit': 'Log In',
      redirect_to: `${base}/wp-admin/`,
      testcookie: '1',
    })
    const res = await session.request('/wp-login.php', { method: 'POST', body: form })
    if (res.status !== 302 || ![...session.cookies.keys()].some((k) => k.startsWith('wordpress_logged_in_'))) {
      throw new Error(`login of ${user} failed: ${res.status} ${(await res.text()).slice(0, 300)}`)
    }
    return session
  }

  /** GET /wp-admin/admin-ajax.php?action=rest-nonce: a `wp_rest` nonce for this session's user. */
  async fetchNonce(): Promise<string> {
    const res = await this.request('/wp-admin/admin-ajax.php?action=rest-nonce')
    const text = (await res.text()).trim()
    if (res.status !== 200 || !/^[0-9a-f]{10}$/.test(text)) throw new Error(`no REST nonce: ${res.status} ${text}`)
    this.nonce = text
    return text
  }

  /** A request with the session's cookies (no redirect followed); Set-Cookie goes into the jar. */
  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    }
    const res = await fetch(this.base + path, { ...init, headers, redirect: 'manual' })
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((a) => {
        const [k = '', v = ''] = a.trim().split('=')
        return (
          (k.toLowerCase() === 'max-age' && Number(v) <= 0) ||
          (k.toLowerCase() === 'expires' && Date.parse(v) < Date.now())
        )
      })
      if (expired || value === 'deleted') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return res
  }
}

/**
 * A REST call under /wp-json: with a session, its cookies and (unless `nonce: false`) its nonce in
 * X-WP-Nonce; `auth` sends an Authorization header instead (application passwords).
 */
export async function rest(
  base: string,
  method: 'GET' | 'POST',
  route: string,
  options: {
    session?: WpSession
    nonce?: string | false
    body?: unknown
    auth?: string
    headers?: Record<string, string>
  } = {},
): Promise<RestAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const nonce = options.nonce === false ? undefined : (options.nonce ?? options.session?.nonce)
  if (nonce) headers['x-wp-nonce'] = nonce
  if (options.auth) headers.authorization = options.auth
  const init: RequestInit = { method, headers }
  if (options.body !== undefined) init.body = JSON.stringify(options.body)
  const path = `/wp-json${route}`
  const res = options.session ? await options.session.request(path, init) : await fetch(base + path, init)
  const text = await res.text()
  let body: Record<string, unknown>
  try {
    body = JSON.parse(text) as Record<string, unknown>
  } catch {
    throw new Error(`${method} ${route}: ${res.status}, not JSON: ${text.slice(0, 500)}`)
  }
  return { status: res.status, body, headers: res.headers }
}

/** Basic credentials of an application password. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
}
