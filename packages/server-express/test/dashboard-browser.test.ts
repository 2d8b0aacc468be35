import { mkdirSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installDashboard } from '../../dashboard/test/helpers/build-dashboard'
import { DASHBOARD_CSP } from '../src/dashboard/dashboard-routes'
import { closeServer } from '../src/runtime/close-server'
import { listen } from '../src/runtime/listen'
import { launchChromium } from './helpers/chromium'
import { appWithEverySurface } from './helpers/mounted-routes'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

/** Where the run saves a screenshot of each page (ignored by git): docs/dashboard.md. */
const SCREENSHOTS = resolve(import.meta.dirname, '../../dashboard/screenshots')
const sqlite = testDialects.find((d) => d.dialect === 'sqlite')!

// The brand dashboard (docs/dashboard.md) in headless Chromium over the real server on SQLite:
// served from this origin under its CSP, nothing loaded from elsewhere, readable at 375 px.
describe('the dashboard at /dashboard', () => {
  let db: TestDatabase
  let s: TestServer
  let browser: Browser
  let page: Page
  const outside: string[] = []
  const problems: string[] = []
  const failed: string[] = []

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true })
    await installDashboard()
    db = await sqlite.create()
    ;[s, browser] = await Promise.all([startTestServer(db), launchChromium()])
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    page.on('request', (r) => !r.url().startsWith(`${s.base}/`) && outside.push(r.url()))
    // Failed loads are checked by URL below (the session probe before sign-in answers 401 by design).
    page.on(
      'console',
      (m) => m.type() === 'error' && !/^Failed to load resource/.test(m.text()) && problems.push(m.text()),
    )
    page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${new URL(r.url()).pathname}`))
    page.on('pageerror', (e) => problems.push(e.message))
  })
  afterAll(async () => {
    await browser?.close()
    await s?.close()
    await db?.drop()
  })

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })

  it('serves the page, its script and its stylesheet under a CSP that allows only this origin', async () => {
    for (const [path, type] of [
      ['/dashboard', /^text\/html/],
      ['/dashboard/dashboard.js', /javascript/],
      ['/dashboard/dashboard.css', /^text\/css/],
    ] as const) {
      const res = await fetch(`${s.base}${path}`)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toMatch(type)
      expect(res.headers.get('content-security-policy'), path).toBe(DASHBOARD_CSP)
      expect(res.headers.get('cache-control'), path).toBe('no-cache')
      expect((await res.text()).length, path).toBeGreaterThan(100)
    }
    expect(DASHBOARD_CSP).not.toMatch(/https?:|\*|unsafe/)
  })

  it('shows the sign-in form, labelled and focused, with nothing from elsewhere and no error', async () => {
    await page.goto(`${s.base}/dashboard`)
    const key = page.getByLabel('API key')
    await key.waitFor()
    expect(await key.evaluate((e) => e === document.activeElement)).toBe(true)
    expect(await page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true)
    await shot('sign-in')
    expect(outside).toEqual([])
    expect(problems).toEqual([])
    expect(failed.filter((f) => !f.endsWith(' /admin/v1/session'))).toEqual([])
  })

  it('is readable at 375 px: nothing wider than the screen', async () => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(`${s.base}/dashboard`)
    await page.getByLabel('API key').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await shot('sign-in-375')
    await page.setViewportSize({ width: 1280, height: 900 })
  })
})

describe('the dashboard when the package is not built', () => {
  let server: Server
  beforeAll(async () => {
    server = await listen(appWithEverySurface(), 0, '127.0.0.1')
  })
  afterAll(async () => {
    if (server) await closeServer(server, 0)
  })

  it('answers 404 DASHBOARD_NOT_BUILT in JSON, for the page and its files', async () => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    for (const path of ['/dashboard', '/dashboard/dashboard.js', '/dashboard/dashboard.css']) {
      const res = await fetch(`${base}${path}`)
      expect(res.status, path).toBe(404)
      expect(await res.json(), path).toMatchObject({ success: false, code: 'DASHBOARD_NOT_BUILT' })
    }
  })
})
