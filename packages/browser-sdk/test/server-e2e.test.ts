import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
// The example website (examples/website): its page is what a brand puts online.
import { createWebsiteServer } from '../../../examples/website/serve.mjs'
// The real server, as `loyaltykit start` runs it (SQLite in a temporary folder, embedded EDR chain).
import { loadConfig } from '../../server-express/src/config/load-config'
import { createLogger } from '../../server-express/src/logging/create-logger'
import { type RunningServer, startServer } from '../../server-express/src/runtime/start-server'
import { launchChromium, runChromiumTests } from './helpers/chromium'
import { installSdkJs } from './helpers/install-sdk-js'

// sdk.js end to end: headless Chromium, a brand's website (the example page) on shop.test, and the
// real loyaltykit server (createApp + engine on SQLite + the embedded chain) on api.test serving
// /sdk.js, event-config and manual-event. Chromium maps *.test to 127.0.0.1.

const BALANCE_OF_ABI = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'account', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const

let dataDir: string
let running: RunningServer
let website: Server
let browser: Browser
let context: BrowserContext
let page: Page
let pageErrors: string[]
let brandId: string
let api: string
let sitePort: number

const site = (host: string, path = '/') => `http://${host}:${sitePort}${path}`

/** The server's access log (method, path, status of every request), as JSON lines. */
const accessLog: { method?: string; path?: string; status?: number }[] = []
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) {
      if (line.trim() === '') continue
      try {
        accessLog.push(JSON.parse(line))
      } catch {}
    }
    done()
  },
})

/** Statuses the server answered to manual-event POSTs so far. */
const manualEventStatuses = () =>
  accessLog.filter((l) => l.method === 'POST' && l.path === '/loyalty-api/manual-event').map((l) => l.status)

/** Opens a page of the example website and waits until sdk.js (from the real server) has loaded. */
async function openSite(host: string): Promise<void> {
  await page.goto(site(host))
  await page.waitForFunction(
    () => typeof (window as { LoyaltyKit?: { version?: unknown } }).LoyaltyKit?.version === 'string',
    undefined,
    { timeout: 5_000 },
  )
}

async function balanceOf(address: string): Promise<bigint> {
  const chain = running.runtime.chain!
  return chain.publicClient.readContract({
    address: chain.contracts.pointsToken,
    abi: BALANCE_OF_ABI,
    functionName: 'balanceOf',
    args: [address as `0x${string}`],
  })
}

describe.runIf(runChromiumTests)('sdk.js against the real server', () => {
  beforeAll(async () => {
    await installSdkJs()
    dataDir = mkdtempSync(join(tmpdir(), 'loyaltykit-browser-e2e-'))
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LOYALTYKIT_DATA_DIR: dataDir,
      LOYALTYKIT_DEMO_BRAND: 'false',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    })
    running = await startServer({ config, logger: createLogger({ level: 'info', destination: logStream }) })
    api = `http://api.test:${running.port}`
    const { engine } = running.runtime
    const brand = await engine.brands.create({ name: 'Shop', websites: ['http://shop.test'] })
    await engine.brands.create({ name: 'Other shop', websites: ['http://other.test'] })
    brandId = brand.brand.id
    await engine.rules.set({ brandId, eventType: 'newsletter_subscribe', successSelectors: ['.newsletter-success'] })
    await engine.rules.set({ brandId, eventType: 'account_creation', urlPatterns: ['/welcome*'] })
    website = createWebsiteServer({ brandId, loyaltykitUrl: api })
    await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve))
    sitePort = (website.address() as AddressInfo).port
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    website?.closeAllConnections()
    await new Promise((resolve) => (website ? website.close(resolve) : resolve(undefined)))
    await running?.close()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  beforeEach(async () => {
    context = await browser.newContext()
    page = await context.newPage()
    pageErrors = []
    page.on('pageerror', (error) => pageErrors.push(String(error)))
  })
  afterEach(async () => {
    await context?.close()
  })

  it('serves sdk.js, and the example page earns a reward when its success message appears after the form submit', async () => {
    const sdk = await fetch(`http://127.0.0.1:${running.port}/sdk.js`)
    expect(sdk.status).toBe(200)
    expect(sdk.headers.get('content-type')).toMatch(/javascript/)

    await openSite('shop.test')
    const answered = page.waitForResponse((r) => r.url() === `${api}/loyalty-api/manual-event`)
    await page.fill('#newsletter input[type=email]', 'Reader@Example.com')
    await page.click('#newsletter button[type=submit]')
    const response = await answered
    expect(response.status()).toBe(200)
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({ success: true, eventType: 'newsletter_subscribe', rewardAmount: 25 })
    expect(body.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    const sent = JSON.parse(response.request().postData() ?? '{}') as Record<string, unknown>
    expect(sent).toMatchObject({
      brandId,
      eventType: 'newsletter_subscribe',
      userEmail: 'Reader@Example.com',
      domain: 'shop.test',
      sourceUrl: site('shop.test'),
      metadata: { detection: 'success_selector', successSelector: '.newsletter-success' },
    })
    const receipt = await running.runtime.chain!.publicClient.waitForTransactionReceipt({
      hash: body.transactionHash as `0x${string}`,
    })
    expect(receipt.status).toBe('success')
    expect(await balanceOf(body.walletAddress as string)).toBe(25n * 10n ** 18n)
    expect(pageErrors).toEqual([])
  })

  it('fires a URL-pattern rule on SPA navigation and rewards it', async () => {
    await openSite('shop.test')
    const answered = page.waitForResponse((r) => r.url() === `${api}/loyalty-api/manual-event`)
    await page.evaluate(() =>
      (window as { LoyaltyKit?: { identify(e: string): void } }).LoyaltyKit!.identify('spa@example.com'),
    )
    await page.click('a[href="/welcome"]')
    await expect.poll(() => page.textContent('#view')).toBe('Welcome aboard!')
    const response = await answered
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({ success: true, eventType: 'account_creation', rewardAmount: 100, walletCreated: true })
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({
      userEmail: 'spa@example.com',
      sourceUrl: site('shop.test', '/welcome'),
      metadata: { detection: 'url_pattern', urlPattern: '/welcome*' },
    })
    expect(await balanceOf(body.walletAddress as string)).toBe(100n * 10n ** 18n)
    expect(pageErrors).toEqual([])
  })

  it('refuses a page on an origin that is not the brand’s (403), and the page keeps working', async () => {
    const before = manualEventStatuses().length
    // other.test is another brand's website: the preflight passes, the server refuses the event
    // (403, without Access-Control-Allow-Origin, so the page sees a network error).
    await openSite('other.test')
    const answer = await page.evaluate(async () => {
      const lk = (window as { LoyaltyKit?: { track(e: string, o: object): Promise<unknown> } }).LoyaltyKit!
      return lk.track('newsletter_subscribe', { userEmail: 'intruder@example.com' })
    })
    expect(answer).toMatchObject({ success: false, code: 'NETWORK_ERROR' })
    await expect.poll(() => manualEventStatuses().slice(before)).toEqual([403])
    // nobody.test belongs to no brand: the browser stops at the preflight.
    await openSite('nobody.test')
    const refused = await page.evaluate(async () => {
      const lk = (window as { LoyaltyKit?: { track(e: string, o: object): Promise<unknown> } }).LoyaltyKit!
      return lk.track('newsletter_subscribe', { userEmail: 'intruder@example.com' })
    })
    expect(refused).toMatchObject({ success: false, code: 'NETWORK_ERROR' })
    expect(manualEventStatuses().slice(before)).toEqual([403])
    // The page still works: its own SPA navigation and form.
    await page.click('a[href="/welcome"]')
    await expect.poll(() => page.textContent('#view')).toBe('Welcome aboard!')
    await page.fill('#newsletter input[type=email]', 'intruder@example.com')
    await page.click('#newsletter button[type=submit]')
    await expect.poll(() => page.locator('.newsletter-success').count()).toBe(1)
    expect(pageErrors).toEqual([])
    const wallet = await running.runtime.engine.wallets.findByOwner({ kind: 'email', email: 'intruder@example.com' })
    expect(wallet ?? undefined).toBeUndefined()
  })
})
