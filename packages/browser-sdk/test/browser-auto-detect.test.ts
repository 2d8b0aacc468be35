// sdk.js in headless Chromium (helpers/sdk-page.ts): automatic events from the brand's rules, by URL
// pattern (page loads and SPA navigation) and by success selector, held until a user is known.
import { describe, expect, it } from 'vitest'
import { runChromiumTests } from './helpers/chromium'
import { BRAND, brandId, expectPageHealthy, open, page, server, sitePage, sleep, useSdkPage } from './helpers/sdk-page'

describe.runIf(runChromiumTests)('sdk.js in headless Chromium', () => {
  useSdkPage()

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
})
