// sdk.js in headless Chromium (helpers/sdk-page.ts): track and identify, the calls made before init,
// and the snippet's stub.
import { describe, expect, it } from 'vitest'
import { runChromiumTests } from './helpers/chromium'
import { BRAND, brandId, expectPageHealthy, open, page, server, sitePage, sleep, useSdkPage } from './helpers/sdk-page'

describe.runIf(runChromiumTests)('sdk.js in headless Chromium', () => {
  useSdkPage()

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
})
