import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLoyaltyClient, isLoyaltyApiError } from '@loyaltykit/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MemberReadsFixture, seedMemberReads } from './helpers/member-reads-fixture'
import { runCliHere } from './helpers/run-cli-here'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

// `client.admin` (packages/sdk) and the CLI's `--server`/`--profile` mode (docs/cli.md#remote-server)
// against a real server over HTTP: the SDK's answers equal the routes', the CLI lists a remote server's
// brands with an operator key from the environment or a profile file, a brand key sees its own brand
// only, and a missing key or profile is a usage error. SQLite only: nothing here is storage.
describe.each(testDialects.filter((d) => d.dialect === 'sqlite'))(
  'client.admin and the remote CLI on $dialect',
  ({ create }) => {
    let db: TestDatabase
    let s: TestServer
    let f: MemberReadsFixture
    let operatorKey: string
    let brandKey: string
    let dir: string
    /** The CLI's environment: no local database (a remote command must not need one). */
    const env = (extra: Record<string, string> = {}) => ({ NODE_ENV: 'test', LOYALTYKIT_DATA_DIR: dir, ...extra })

    beforeAll(async () => {
      db = await create()
      s = await startTestServer(db, { LOYALTYKIT_DUPLICATE_WINDOW_MS: '0', LOYALTYKIT_MINT_WAIT_MS: '0' })
      f = await seedMemberReads(s)
      operatorKey = (await s.runtime.engine.admin.createOperatorKey({ name: 'remote cli' })).secret
      brandKey = (await s.runtime.engine.apiKeys.create({ brandId: f.a.brandId, scopes: ['admin:read'] })).apiKey
      dir = mkdtempSync(join(tmpdir(), 'lk-remote-'))
    })
    afterAll(async () => {
      await s?.close()
      await db?.drop()
      if (dir) rmSync(dir, { recursive: true, force: true })
    })

    it('client.admin: one method per route, objects as data, lists as { data, nextCursor }', async () => {
      const admin = createLoyaltyClient({ baseUrl: s.base, adminKey: brandKey }).admin
      const overview = await admin.overview(f.a.brandId, { days: 3 })
      expect(overview.days.map((d) => d.events)).toEqual([0, 0, 20])
      expect(overview.activeMembers).toBe(2)
      expect((await admin.pipeline(f.a.brandId)).queueDepth).toBe(0)
      const found = await admin.members.search(f.a.brandId, 'ann@example.com')
      expect(found.data.map((m) => [m.walletAddress, m.earned])).toEqual([[f.annWallet, 150]])
      const ann = await admin.members.retrieve(f.a.brandId, f.annWallet)
      expect([ann.totals.earned, ann.history.length]).toEqual([150, 17])
      const page = await admin.ledger.list(f.a.brandId, { wallet: f.bobWallet, limit: 2 })
      expect(page.data.map((e) => e.amount)).toEqual([10, 10])
      const rest = await admin.ledger.list(f.a.brandId, {
        wallet: f.bobWallet,
        limit: 2,
        cursor: page.nextCursor as string,
      })
      expect([rest.data.length, rest.nextCursor]).toEqual([1, null])
      const preview = await admin.previewRule(f.a.brandId, 'custom_review', { userEmail: 'new@example.com' })
      expect([preview.eligible, preview.rewardAmount]).toEqual([true, 5])
      expect(await admin.perks.list(f.a.brandId)).toEqual({ data: [], nextCursor: null })
      expect((await admin.brands.list()).data.map((b) => b.id)).toEqual([f.a.brandId])
      // Another brand's path: the 404 of a brand that does not exist, as the SDK's error.
      const refused = await admin.overview(f.b.brandId).catch((e: unknown) => e)
      expect(isLoyaltyApiError(refused) && [refused.status, refused.code]).toEqual([404, 'not_found'])
      const noKey = createLoyaltyClient({ baseUrl: s.base }).admin
      await expect(noKey.pipeline(f.a.brandId)).rejects.toThrow(/needs adminKey/)
    })

    it('brand list --server: every brand with an operator key from LOYALTYKIT_ADMIN_KEY, the own brand with a brand key', async () => {
      const all = await runCliHere(
        ['brand', 'list', '--server', s.base, '--json'],
        env({ LOYALTYKIT_ADMIN_KEY: operatorKey }),
      )
      expect(all.code, all.stderr).toBe(0)
      expect((all.json() as { id: string; name: string }[]).map((b) => [b.id, b.name])).toEqual([
        [f.a.brandId, 'Shop A'],
        [f.b.brandId, 'Shop B'],
      ])
      const human = await runCliHere(['brand', 'list', '--server', s.base], env({ LOYALTYKIT_ADMIN_KEY: brandKey }))
      expect(human.code, human.stderr).toBe(0)
      expect(human.stdout.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^${f.a.brandId}  Shop A  `))])
      expect(`${all.stdout}${all.stderr}${human.stdout}${human.stderr}`).not.toContain(operatorKey)
    })

    it('brand list --profile: server and key from the profiles file; LOYALTYKIT_PROFILE picks one', async () => {
      const file = join(dir, 'profiles.json')
      writeFileSync(
        file,
        JSON.stringify({
          prod: { server: s.base, adminKey: operatorKey },
          shop: { server: s.base, adminKey: brandKey },
        }),
        { mode: 0o600 },
      )
      const prod = await runCliHere(
        ['brand', 'list', '--profile', 'prod', '--json'],
        env({ LOYALTYKIT_PROFILES_FILE: file }),
      )
      expect(prod.code, prod.stderr).toBe(0)
      expect(prod.json()).toHaveLength(2)
      const shop = await runCliHere(
        ['brand', 'list', '--json'],
        env({ LOYALTYKIT_PROFILES_FILE: file, LOYALTYKIT_PROFILE: 'shop' }),
      )
      expect((shop.json() as { id: string }[]).map((b) => b.id)).toEqual([f.a.brandId])
    })

    it('a missing key, profile or URL is a usage error (exit 2); a revoked key exits 1 with the server’s refusal', async () => {
      const noKey = await runCliHere(['brand', 'list', '--server', s.base], env())
      expect([noKey.code, noKey.stderr]).toEqual([2, expect.stringContaining('LOYALTYKIT_ADMIN_KEY')])
      const badUrl = await runCliHere(
        ['brand', 'list', '--server', 'ftp://x'],
        env({ LOYALTYKIT_ADMIN_KEY: operatorKey }),
      )
      expect(badUrl.code).toBe(2)
      const noProfile = await runCliHere(
        ['brand', 'list', '--profile', 'nope'],
        env({ LOYALTYKIT_PROFILES_FILE: join(dir, 'profiles.json') }),
      )
      expect([noProfile.code, noProfile.stderr]).toEqual([2, expect.stringContaining('no profile "nope"')])
      const wrong = await runCliHere(
        ['brand', 'list', '--server', s.base],
        env({ LOYALTYKIT_ADMIN_KEY: 'lko_not-a-key' }),
      )
      expect(wrong.code).toBe(1)
      expect(wrong.stderr).toMatch(/Invalid|admin key/i)
    })
  },
)
