// sdk.js in headless Chromium (helpers/sdk-page.ts): failures resolve, never throw into the page, and
// are silent without debug.
import { describe, expect, it } from 'vitest'
import { runChromiumTests } from './helpers/chromium'
import { BRAND, consoleMessages, expectPageHealthy, open, page, server, sitePage, useSdkPage } from './helpers/sdk-page'

describe.runIf(runChromiumTests)('sdk.js in headless Chromium', () => {
  useSdkPage()

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
