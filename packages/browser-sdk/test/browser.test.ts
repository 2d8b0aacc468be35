import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildSdkJs } from './helpers/build-sdk-js'
import { launchChromium, runChromiumTests } from './helpers/chromium'
import { PageServer } from './helpers/page-server'

// The built sdk.js in real headless Chromium, against a local node:http server that plays both the
// brand's website (shop.test) and the loyalty API serving the script (api.test).

const BRAND = `0x${'AB'.repeat(20)}`
const brandId = BRAND.toLowerCase()

let browser: Browser
let server: PageServer
let removeBuild: () => void
let context: BrowserContext
let page: Page
let pageErrors: string[]
let consoleMessages: ConsoleMessage[]

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A page of shop.test that loads sdk.js from api.test, then runs `script`. */
function sitePage(script: string, body = ''): string {
  return `<!doctype html><html><head><title>shop</title></head><body>${body}
<button id="counter" onclick="this.textContent = String(Number(this.textContent) + 1)">0</button>
<script>window.__errors = []; addEventListener('unhandledrejection', (e) => __errors.push(String(e.reason)))</script>
<script src="${server.origin('api.test')}/sdk.js"></script>
<script>${script}</script>
</body></html>`
}

async function open(path: string, html: string, host = 'shop.test'): Promise<void> {
  server.page(path, html)
  await page.goto(`${server.origin(host)}${path}`)
}

/** The page still runs its own code, and nothing the SDK did surfaced as an error. */
async function expectPageHealthy(): Promise<void> {
  await page.click('#counter')
  await expect.poll(() => page.textContent('#counter')).toBe('1')
  expect(pageErrors).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { __errors: string[] }).__errors)).toEqual([])
}

describe.runIf(runChromiumTests)('sdk.js in headless Chromium', () => {
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

  it('track sends brandId, eventType, userEmail, domain and sourceUrl to the origin sdk.js came from, and resolves with the JSON answer', async () => {
    await open(
      '/account/welcome',
      sitePage(`
        LoyaltyKit.init('${BRAND}', { autoDetect: false })
        LoyaltyKit.identify('ada@example.com')
        window.result = LoyaltyKit.track('newsletter_subscribe', { metadata: { plan: 'gold' } })`),
    )
    const result = await page.evaluate(() => (window as unknown as { result: Promise<unknown> }).result)
    expect(result).toEqual({
      success: true,
      eventType: 'newsletter_subscribe',
      transactionHash: `0x${'ab'.repeat(32)}`,
    })
    const [sent] = server.events()
    expect(sent).toEqual({
      brandId,
      eventType: 'newsletter_subscribe',
      userEmail: 'ada@example.com',
      domain: 'shop.test',
      sourceUrl: `${server.origin('shop.test')}/account/welcome`,
      metadata: { plan: 'gold' },
    })
    const request = server.requests.find((r) => r.path === '/loyalty-api/manual-event')
    expect(request?.host).toBe('api.test')
    expect(request?.origin).toBe(server.origin('shop.test'))
    expect(
      await page.evaluate(() => (window as unknown as { LoyaltyKit: { version: string } }).LoyaltyKit.version),
    ).toBe('0.1.0')
    await expectPageHealthy()
  })

  it('queues track calls made before init and sends them in order after init; a per-call userEmail wins', async () => {
    // The first answer is slow: the second event must still wait for it (sent one after the other).
    const answered: unknown[] = []
    const seenWhenSecondArrived: unknown[] = []
    const answer = server.answer
    server.answer = async (body) => {
      if (body.eventType === 'form_submit') await sleep(300)
      else seenWhenSecondArrived.push(...answered)
      answered.push(body.eventType)
      return answer(body)
    }
    await open(
      '/',
      sitePage(`
        window.first = LoyaltyKit.track('form_submit')
        LoyaltyKit.identify('queued@example.com')
        window.second = LoyaltyKit.track('rate_experience', { userEmail: 'other@example.com', metadata: { stars: 5 } })`),
    )
    await sleep(300)
    expect(server.events()).toEqual([])
    await page.evaluate(
      (id) =>
        (window as unknown as { LoyaltyKit: { init: (b: string, o: object) => void } }).LoyaltyKit.init(id, {
          autoDetect: false,
        }),
      BRAND,
    )
    const events = await server.waitForEvents(2)
    expect(events.map((e) => [e.eventType, e.userEmail])).toEqual([
      ['form_submit', 'queued@example.com'],
      ['rate_experience', 'other@example.com'],
    ])
    expect(events[1]?.metadata).toEqual({ stars: 5 })
    expect(seenWhenSecondArrived).toEqual(['form_submit'])
    const results = await page.evaluate(() => {
      const w = window as unknown as { first: Promise<{ success: boolean }>; second: Promise<{ success: boolean }> }
      return Promise.all([w.first, w.second])
    })
    expect(results.map((r) => r.success)).toEqual([true, true])
    // A second init is ignored: still one brand, nothing re-sent.
    await page.evaluate(() =>
      (window as unknown as { LoyaltyKit: { init: (b: string) => void } }).LoyaltyKit.init(`0x${'cd'.repeat(20)}`),
    )
    await sleep(200)
    expect(server.events()).toHaveLength(2)
    await expectPageHealthy()
  })

  it('replays calls queued by the snippet stub before the async script loaded, and upgrades the stub in place', async () => {
    server.page(
      '/snippet',
      `<!doctype html><html><body><button id="counter" onclick="this.textContent = String(Number(this.textContent) + 1)">0</button>
<script>window.__errors = []; addEventListener('unhandledrejection', (e) => __errors.push(String(e.reason)))</script>
<script>
  window.LoyaltyKit = window.LoyaltyKit || { q: [] };
  ['init', 'track', 'identify'].forEach(function (m) {
    LoyaltyKit[m] = LoyaltyKit[m] || function () { LoyaltyKit.q.push([m, arguments]) };
  });
  window.stub = window.LoyaltyKit;
  LoyaltyKit.init('${BRAND}', { autoDetect: false });
  LoyaltyKit.identify('snippet@example.com');
  LoyaltyKit.track('account_creation', { metadata: { via: 'snippet' } });
  LoyaltyKit.q.push(['track', 'form_submit']);
</script>
<script async src="${server.origin('api.test')}/sdk.js"></script>
</body></html>`,
    )
    await page.goto(`${server.origin('shop.test')}/snippet`)
    const events = await server.waitForEvents(2)
    expect(events.map((e) => [e.eventType, e.userEmail, e.brandId])).toEqual([
      ['account_creation', 'snippet@example.com', brandId],
      ['form_submit', 'snippet@example.com', brandId],
    ])
    // The reference the page kept to the stub is now the real SDK.
    const result = await page.evaluate(async () => {
      const w = window as unknown as { stub: { version: string; track: (e: string) => Promise<{ success: boolean }> } }
      return { version: w.stub.version, answer: await w.stub.track('complete_survey') }
    })
    expect(result.version).toBe('0.1.0')
    expect(result.answer.success).toBe(true)
    expect(server.events().map((e) => e.eventType)).toContain('complete_survey')
    await expectPageHealthy()
  })

  it('fires url-pattern rules on page load and on SPA navigation (pushState, popstate, hashchange), once per page view', async () => {
    server.rules = [
      {
        eventId: 'r1',
        eventType: 'account_creation',
        detectionMethod: 'url_pattern',
        detectionConfig: { urlPatterns: ['/welcome*'], successSelectors: [] },
      },
      {
        eventId: 'r2',
        eventType: 'custom_pricing_view',
        detectionMethod: 'url_pattern',
        detectionConfig: { urlPatterns: ['#/pricing'], successSelectors: [] },
      },
      {
        eventId: 'r3',
        eventType: 'form_submit',
        detectionMethod: 'url_pattern',
        detectionConfig: { urlPatterns: [], successSelectors: [] },
      },
    ]
    server.page('/*', sitePage(`window.ready = LoyaltyKit.init('${BRAND}', { userEmail: 'spa@example.com' })`))
    await page.goto(`${server.origin('shop.test')}/home`)
    await page.evaluate(() => (window as unknown as { ready: Promise<void> }).ready)
    await sleep(200)
    expect(server.events()).toEqual([])

    await page.evaluate(() => history.pushState({}, '', '/welcome/step-2'))
    const [welcome] = await server.waitForEvents(1)
    expect(welcome).toMatchObject({
      eventType: 'account_creation',
      userEmail: 'spa@example.com',
      domain: 'shop.test',
      sourceUrl: `${server.origin('shop.test')}/welcome/step-2`,
      metadata: { detection: 'url_pattern', urlPattern: '/welcome*' },
    })
    // Same page view (same URL): replaceState does not fire again.
    await page.evaluate(() => history.replaceState({ x: 1 }, '', '/welcome/step-2'))
    await sleep(200)
    expect(server.events()).toHaveLength(1)
    // Leaving and coming back (browser back button → popstate) is a new page view.
    await page.evaluate(() => history.pushState({}, '', '/cart'))
    await page.goBack()
    await server.waitForEvents(2)
    expect(server.events()[1]?.sourceUrl).toBe(`${server.origin('shop.test')}/welcome/step-2`)
    // An in-page anchor is not a new page view.
    await page.evaluate(() => {
      location.hash = '#reviews'
    })
    await sleep(200)
    expect(server.events()).toHaveLength(2)
    // Hash-router navigation (#/…) is.
    await page.evaluate(() => {
      history.pushState({}, '', '/home')
      location.hash = '#/pricing'
    })
    await server.waitForEvents(3)
    expect(server.events()[2]).toMatchObject({
      eventType: 'custom_pricing_view',
      metadata: { urlPattern: '#/pricing' },
    })
    // A full page load on a matching URL fires at start.
    server.requests.length = 0
    await page.goto(`${server.origin('shop.test')}/welcome`)
    const [reloaded] = await server.waitForEvents(1)
    expect(reloaded?.eventType).toBe('account_creation')
    await sleep(200)
    expect(server.events()).toHaveLength(1)
    expect(server.requests.some((r) => r.path === '/loyalty-api/event-config' && r.host === 'api.test')).toBe(true)
    await expectPageHealthy()
  })

  it('fires a success-selector rule once when the element appears after a form submit, with the email typed in the form', async () => {
    server.rules = [
      {
        eventType: 'newsletter_subscribe',
        detectionMethod: 'url_pattern',
        detectionConfig: { urlPatterns: [], successSelectors: ['.signup-success'] },
      },
      {
        eventType: 'complete_survey',
        detectionMethod: 'url_pattern',
        detectionConfig: { urlPatterns: [], successSelectors: ['#survey-thanks'] },
      },
      {
        eventType: 'rate_experience',
        detectionMethod: 'url_pattern',
        detectionConfig: { urlPatterns: ['/rated'], successSelectors: ['.rated'] },
      },
    ]
    await open(
      '/newsletter',
      sitePage(
        `window.ready = LoyaltyKit.init('${BRAND}')
        document.querySelector('form').addEventListener('submit', (event) => {
          event.preventDefault()
          setTimeout(() => {
            const ok = document.createElement('p')
            ok.className = 'signup-success'
            ok.textContent = 'Thanks for subscribing!'
            document.body.appendChild(ok)
          }, 100)
        })`,
        `<form><input type="email" name="email"><button id="subscribe">Subscribe</button></form>
         <div id="survey-thanks" style="display:none">Thanks</div>
         <p class="rated">rated (but on the wrong URL)</p>`,
      ),
    )
    await page.evaluate(() => (window as unknown as { ready: Promise<void> }).ready)
    await sleep(200)
    // The hidden #survey-thanks and the .rated element outside /rated fire nothing.
    expect(server.events()).toEqual([])

    await page.fill('input[type=email]', 'reader@example.com')
    await page.click('#subscribe')
    const [subscribed] = await server.waitForEvents(1)
    expect(subscribed).toMatchObject({
      brandId,
      eventType: 'newsletter_subscribe',
      userEmail: 'reader@example.com',
      domain: 'shop.test',
      sourceUrl: `${server.origin('shop.test')}/newsletter`,
      metadata: { detection: 'success_selector', successSelector: '.signup-success' },
    })
    // Submitting again adds another .signup-success: same page view, no second event.
    await page.click('#subscribe')
    await expect.poll(() => page.locator('.signup-success').count()).toBe(2)
    await sleep(300)
    expect(server.events()).toHaveLength(1)

    // An element that was hidden and is made visible fires.
    await page.evaluate(() => {
      document.getElementById('survey-thanks')!.style.display = 'block'
    })
    await server.waitForEvents(2)
    expect(server.events()[1]).toMatchObject({ eventType: 'complete_survey', userEmail: 'reader@example.com' })

    // A rule with both lists fires when its selector is rendered on a matching URL.
    await page.evaluate(() => history.pushState({}, '', '/rated'))
    await server.waitForEvents(3)
    expect(server.events()[2]).toMatchObject({
      eventType: 'rate_experience',
      metadata: { detection: 'success_selector', successSelector: '.rated', urlPattern: '/rated' },
    })
    await sleep(200)
    expect(server.events()).toHaveLength(3)
    await expectPageHealthy()
  })

  it('holds automatic events until a user is known, then sends them on identify', async () => {
    server.rules = [{ eventType: 'form_submit', detectionConfig: { urlPatterns: ['/contact'], successSelectors: [] } }]
    await open('/contact', sitePage(`window.ready = LoyaltyKit.init('${BRAND}')`))
    await page.evaluate(() => (window as unknown as { ready: Promise<void> }).ready)
    await sleep(200)
    expect(server.events()).toEqual([])
    // A track call without any user resolves with an error and sends nothing.
    const missing = await page.evaluate(() =>
      (window as unknown as { LoyaltyKit: { track: (e: string) => Promise<unknown> } }).LoyaltyKit.track('form_submit'),
    )
    expect(missing).toMatchObject({ success: false, code: 'MISSING_USER_EMAIL' })
    await page.evaluate(() =>
      (window as unknown as { LoyaltyKit: { identify: (e: string) => void } }).LoyaltyKit.identify('late@example.com'),
    )
    const [sent] = await server.waitForEvents(1)
    expect(sent).toMatchObject({ eventType: 'form_submit', userEmail: 'late@example.com' })
    await expectPageHealthy()
  })

  it('sets no cookie, sends none and stores nothing by default; keeps the user in localStorage only with persist', async () => {
    // A page on the loyalty server's own origin, which has a cookie: same-origin fetches would send it.
    await context.addCookies([{ name: 'session', value: 'secret', domain: 'api.test', path: '/' }])
    await open(
      '/same-origin',
      sitePage(`
        LoyaltyKit.init('${BRAND}', { userEmail: 'private@example.com' })
        window.result = LoyaltyKit.track('form_submit')`),
      'api.test',
    )
    await page.evaluate(() => (window as unknown as { result: Promise<unknown> }).result)
    const sdkRequests = server.requests.filter((r) => r.path.startsWith('/loyalty-api/'))
    expect(sdkRequests.length).toBeGreaterThanOrEqual(2)
    expect(sdkRequests.map((r) => r.cookie)).toEqual(sdkRequests.map(() => undefined))
    expect((await context.cookies()).map((c) => c.name)).toEqual(['session'])
    expect(await page.evaluate(() => [document.cookie, localStorage.length, sessionStorage.length])).toEqual([
      'session=secret',
      0,
      0,
    ])

    // Opted in: the user survives a page load.
    await open(
      '/persist',
      sitePage(
        `LoyaltyKit.init('${BRAND}', { persist: 'localStorage', autoDetect: false }); LoyaltyKit.identify('kept@example.com')`,
      ),
    )
    expect(await page.evaluate(() => localStorage.getItem('loyaltykit:user'))).toBe('kept@example.com')
    await open(
      '/persist-2',
      sitePage(
        `LoyaltyKit.init('${BRAND}', { persist: 'localStorage', autoDetect: false }); window.result = LoyaltyKit.track('form_submit')`,
      ),
    )
    expect(
      await page.evaluate(() => (window as unknown as { result: Promise<{ success: boolean }> }).result),
    ).toMatchObject({ success: true })
    expect(server.events().at(-1)?.userEmail).toBe('kept@example.com')
    expect(await page.evaluate(() => document.cookie)).toBe('')
    await expectPageHealthy()
  })

  it('never throws into the page: 403, 500, non-JSON, unreachable API, failing event-config, bad arguments', async () => {
    server.eventConfigStatus = 500
    const refused = {
      success: false,
      error: 'Domain not authorized',
      code: 'DOMAIN_NOT_AUTHORIZED',
      details: { domain: 'shop.test' },
    }
    server.answer = (body) =>
      body.eventType === 'refused'
        ? { status: 403, body: refused }
        : body.eventType === 'broken'
          ? { status: 500, body: { error: 'Internal server error', message: 'boom' } }
          : { status: 502, text: '<html>Bad gateway</html>' }
    await open(
      '/',
      sitePage(`window.ready = LoyaltyKit.init('${BRAND}', { userEmail: 'x@example.com' })`, '<p class="never">x</p>'),
    )
    const results = await page.evaluate(async () => {
      const lk = (window as unknown as { LoyaltyKit: Record<string, (...args: unknown[]) => unknown> }).LoyaltyKit
      await (window as unknown as { ready: Promise<void> }).ready
      const circular: Record<string, unknown> = {}
      circular.self = circular
      return {
        refused: await lk.track!('refused'),
        broken: await lk.track!('broken'),
        gateway: await lk.track!('gateway'),
        badName: await lk.track!(42),
        circular: await lk.track!('form_submit', { metadata: circular }),
        identifyNull: lk.identify!(null) ?? 'no throw',
        initAgain: (await lk.init!(undefined)) ?? 'no throw',
      }
    })
    expect(results.refused).toEqual(refused)
    expect(results.broken).toEqual({ success: false, error: 'Internal server error', message: 'boom' })
    expect(results.gateway).toMatchObject({ success: false, code: 'BAD_RESPONSE' })
    expect(results.badName).toMatchObject({ success: false, code: 'INVALID_EVENT' })
    expect(results.circular).toMatchObject({ success: false, code: 'SDK_ERROR' })
    expect(results.identifyNull).toBe('no throw')
    expect(results.initAgain).toBe('no throw')

    // An API that cannot be reached (nothing listens on port 9 of api.test).
    await open(
      '/down',
      sitePage(
        `window.ready = LoyaltyKit.init('${BRAND}', { endpoint: 'http://api.test:9', userEmail: 'x@example.com' })`,
      ),
    )
    const down = await page.evaluate(async () => {
      const w = window as unknown as { ready: Promise<void>; LoyaltyKit: { track: (e: string) => Promise<unknown> } }
      await w.ready
      return w.LoyaltyKit.track('form_submit')
    })
    expect(down).toMatchObject({ success: false, code: 'NETWORK_ERROR' })
    // Without debug the SDK writes nothing to the console.
    expect(consoleMessages.filter((m) => m.type() === 'debug' || m.text().includes('LoyaltyKit'))).toEqual([])
    await expectPageHealthy()
  })

  it('logs to console.debug only with debug: true', async () => {
    server.eventConfigStatus = 500
    await open('/', sitePage(`window.ready = LoyaltyKit.init('${BRAND}', { debug: true })`))
    await page.evaluate(() => (window as unknown as { ready: Promise<void> }).ready)
    const debug = consoleMessages.filter((m) => m.type() === 'debug').map((m) => m.text())
    expect(debug.some((t) => t.startsWith('[LoyaltyKit] init'))).toBe(true)
    expect(debug.some((t) => t.includes('event-config answered HTTP 500'))).toBe(true)
    await expectPageHealthy()
  })
})
