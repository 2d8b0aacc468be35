import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { buildSdkJs } from './build-sdk-js'
import { launchChromium } from './chromium'
import { PageServer } from './page-server'

// The built sdk.js in real headless Chromium, against a local node:http server that plays both the
// brand's website (shop.test) and the loyalty API serving the script (api.test). A test file calls
// `useSdkPage()` inside its `describe.runIf(runChromiumTests)`; the bindings below then hold the
// file's server and the current test's page (ES module bindings are live, and each test file has its
// own copy of this module).

export const BRAND = `0x${'AB'.repeat(20)}`
export const brandId = BRAND.toLowerCase()

let browser: Browser
let removeBuild: () => void
export let server: PageServer
/** A fresh browser context per test, so nothing (cookies, storage) leaks from one test to the next. */
export let context: BrowserContext
export let page: Page
let pageErrors: string[]
export let consoleMessages: ConsoleMessage[]

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Builds sdk.js, starts the page server and Chromium for the file, and gives every test a new page
 * with the server's default answers (no rules, event-config 200, every event accepted).
 */
export function useSdkPage(): void {
  beforeAll(async () => {
    const built = await buildSdkJs()
    removeBuild = built.remove
    server = await new PageServer(built.code).start()
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    removeBuild?.()
  })
  beforeEach(async () => {
    server.requests.length = 0
    server.rules = []
    server.eventConfigStatus = 200
    server.answer = (body) => ({
      status: 200,
      body: { success: true, eventType: body.eventType, transactionHash: `0x${'ab'.repeat(32)}` },
    })
    context = await browser.newContext()
    page = await context.newPage()
    pageErrors = []
    consoleMessages = []
    page.on('pageerror', (error) => pageErrors.push(String(error)))
    page.on('console', (message) => consoleMessages.push(message))
  })
  afterEach(async () => {
    await context?.close()
  })
}

/** A page of shop.test that loads sdk.js from api.test, then runs `script`. */
export function sitePage(script: string, body = ''): string {
  return `<!doctype html><html><head><title>shop</title></head><body>${body}
<button id="counter" onclick="this.textContent = String(Number(this.textContent) + 1)">0</button>
<script>window.__errors = []; addEventListener('unhandledrejection', (e) => __errors.push(String(e.reason)))</script>
<script src="${server.origin('api.test')}/sdk.js"></script>
<script>${script}</script>
</body></html>`
}

export async function open(path: string, html: string, host = 'shop.test'): Promise<void> {
  server.page(path, html)
  await page.goto(`${server.origin(host)}${path}`)
}

/** The page still runs its own code, and nothing the SDK did surfaced as an error. */
export async function expectPageHealthy(): Promise<void> {
  await page.click('#counter')
  await expect.poll(() => page.textContent('#counter')).toBe('1')
  expect(pageErrors).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { __errors: string[] }).__errors)).toEqual([])
}
