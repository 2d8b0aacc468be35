import { afterAll, beforeAll } from 'vitest'
import { startTestServer, type TestServer } from '../../../server-express/test/helpers/start-test-server'
import { type TestDatabase, testDialects } from '../../../server-express/test/helpers/test-databases'
import { saveSettings } from './settings-form'
import { startWordPress, type WordPress } from './wordpress'
import { rest, WpSession } from './wp-session'

const sqlite = testDialects.find((d) => d.dialect === 'sqlite')!

/** A WordPress user the world created, logged in through wp-login.php, with a REST nonce. */
export type Member = { id: number; login: string; password: string; email: string; name: string; session: WpSession }

/**
 * The plugin's whole path: a real loyaltykit server (the test server: engine on SQLite, embedded EDR
 * chain, HTTP on 127.0.0.1) with a brand, and a real WordPress (scripts/start-wordpress.sh) whose
 * administrator configured the plugin on its settings page with the server's URL, the brand id and a
 * `site` API key of the brand. `member(name)` creates a subscriber (through the REST API, as the administrator)
 * and logs them in. The fields are set in `beforeAll`.
 */
export function useWordPressWorld() {
  const w = {
    db: undefined as unknown as TestDatabase,
    s: undefined as unknown as TestServer,
    wp: undefined as unknown as WordPress,
    admin: undefined as unknown as WpSession,
    brandId: '',
    apiKey: '',
    member,
  }

  async function member(name: string): Promise<Member> {
    const login = name.toLowerCase()
    const password = `pw-${login}-${Math.random().toString(36).slice(2)}`
    const email = `${login}@example.test`
    const created = await rest(w.wp.url, 'POST', '/wp/v2/users', {
      session: w.admin,
      body: { username: login, password, email, name, roles: ['subscriber'] },
    })
    if (created.status !== 201) throw new Error(`creating ${login}: ${created.status} ${JSON.stringify(created.body)}`)
    const session = await WpSession.login(w.wp.url, login, password)
    await session.fetchNonce()
    return { id: created.body.id as number, login, password, email, name, session }
  }

  beforeAll(async () => {
    w.db = await sqlite.create()
    const [s, wp] = await Promise.all([startTestServer(w.db, { LOYALTYKIT_MINT_WAIT_MS: '20000' }), startWordPress()])
    w.s = s
    w.wp = wp
    const created = await s.runtime.engine.brands.create({ name: 'WordPress shop', websites: [wp.url] })
    w.brandId = created.brand.id
    // The key docs/site-plugin.md tells a site owner to make: scope `site`, good for nothing else.
    w.apiKey = (await s.runtime.engine.apiKeys.create({ brandId: w.brandId, scopes: ['site'] })).apiKey
    w.admin = await WpSession.login(wp.url, wp.admin.user, wp.admin.password)
    await w.admin.fetchNonce()
    await saveSettings(w.admin, { api_url: s.base, brand_id: w.brandId, api_key: w.apiKey, timeout: '20' })
  }, 180_000)

  afterAll(async () => {
    await w.wp?.stop()
    await w.s?.close()
    await w.db?.drop()
  })

  return w
}
