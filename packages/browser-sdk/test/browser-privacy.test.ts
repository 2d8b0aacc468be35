// sdk.js in headless Chromium (helpers/sdk-page.ts): no cookies and no storage unless asked.
import { describe, expect, it } from 'vitest'
import { runChromiumTests } from './helpers/chromium'
import { BRAND, context, expectPageHealthy, open, page, server, sitePage, useSdkPage } from './helpers/sdk-page'

describe.runIf(runChromiumTests)('sdk.js in headless Chromium', () => {
  useSdkPage()

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
})
