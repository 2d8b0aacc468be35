import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// Headless Chromium (Debian's), launched as the browser SDK's tests launch it; never skipped.
import { launchChromium } from '../../browser-sdk/test/helpers/chromium'
import { startBrokenUpstreams } from './helpers/broken-upstreams'
import { type Member, useWordPressWorld } from './helpers/wordpress-world'

// A member in headless Chromium on a real WordPress page with the plugin's shortcodes (the page
// /loyalty/ of scripts/wordpress-install.php: check-in, perks, leaderboard), against a real loyaltykit
// server: logs in through the wp-login.php form, clicks Check in, sees the streak and the reward,
// claims a milestone bonus and redeems a perk with the points, all through /wp-json/loyalty/v1 with
// the page's REST nonce (a stale one refreshed once).

/**
 * How long a click may take to show its answer: a write waits for its mint on the server (the world's
 * LOYALTYKIT_MINT_WAIT_MS is 20 s); expect.poll's default of 1 s is far too short on a busy machine.
 */
const UPSTREAM_WRITE = { timeout: 30_000, interval: 100 }

describe('the shortcodes in Chromium on a real WordPress page', { timeout: 240_000 }, () => {
  const w = useWordPressWorld()
  let browser: Browser
  let page: Page
  let dana: Member
  const pageErrors: string[] = []
  /** `status path` of every REST or admin-ajax call the page made. */
  const calls: string[] = []

  beforeAll(async () => {
    browser = await launchChromium()
    dana = await w.member('Dana')
    await w.s.runtime.engine.perks.create({ brandId: w.brandId, name: 'Free coffee', price: 50, category: 'dining' })
    const context = await browser.newContext()
    page = await context.newPage()
    // Script errors of the shortcodes' page (wp-admin pages are WordPress's own business).
    page.on('pageerror', (e) => {
      if (page.url().includes('/loyalty/')) pageErrors.push(e.message)
    })
    page.on('response', (r) => {
      const { pathname, search } = new URL(r.url())
      if (pathname.startsWith('/wp-json/') || pathname.endsWith('admin-ajax.php'))
        calls.push(`${r.status()} ${pathname}${search}`)
    })
  })
  afterAll(async () => {
    await browser?.close()
  })

  /**
   * Logs Dana in through the wp-login.php form. The form's own script focuses a field 200 ms after the
   * page is parsed (wp_attempt_focus) and, when the visitor is already logged in (a second login, as
   * below), empties the password field as it focuses it: a password typed before that moment is wiped
   * and the login fails with "The password field is empty". So the form is filled only once that
   * focus has happened, and checked before it is sent.
   */
  async function logIn(tab: Page): Promise<void> {
    await tab.goto(`${w.wp.url}/wp-login.php`)
    await tab.waitForFunction(() => ['user_login', 'user_pass'].includes(document.activeElement?.id ?? ''), null, {
      polling: 50,
    })
    await tab.fill('#user_login', dana.login)
    await tab.fill('#user_pass', dana.password)
    expect([await tab.inputValue('#user_login'), await tab.inputValue('#user_pass')]).toEqual([
      dana.login,
      dana.password,
    ])
    // The dashboard may load slowly on a busy machine (a CI run timed out at Playwright's 30 s).
    await Promise.all([tab.waitForURL(/wp-admin/, { timeout: 90_000 }), tab.click('#wp-submit')])
  }

  it('a visitor sees the perks and the leaderboard, and a Log in link instead of the buttons', async () => {
    await page.goto(`${w.wp.url}/loyalty/`)
    await expect.poll(() => page.locator('.loyaltykit-login').count()).toBeGreaterThanOrEqual(2)
    expect(await page.locator('.loyaltykit-perk-name').allTextContents()).toEqual(['Free coffee'])
    expect(await page.locator('.loyaltykit-checkin-button').count()).toBe(0)
    expect(await page.locator('.loyaltykit-redeem-button').count()).toBe(0)
    expect(await page.locator('.loyaltykit-leaderboard').textContent()).toContain('Nobody yet')
  })

  it('the member logs in through wp-login.php, clicks Check in and sees the streak and the reward', async () => {
    await logIn(page)
    await page.goto(`${w.wp.url}/loyalty/`)
    const widget = page.locator('[data-loyaltykit="checkin"]')
    expect(await widget.locator('.loyaltykit-streak-days').textContent()).toBe('0')
    expect(await widget.locator('.loyaltykit-next').textContent()).toBe('Next milestone: 7 days (+100 points)')
    // Logging in again in another tab replaces the session cookie: the nonce this page carries is now
    // stale (WordPress answers 403 rest_cookie_invalid_nonce); the script fetches a fresh one and retries.
    const other = await page.context().newPage()
    await logIn(other)
    await other.close()
    calls.length = 0
    await widget.locator('.loyaltykit-checkin-button').click()
    await expect
      .poll(() => widget.locator('.loyaltykit-message').textContent(), UPSTREAM_WRITE)
      .toBe('Checked in! +10 points. Day 1 of your streak.')
    expect(calls).toEqual([
      '403 /wp-json/loyalty/v1/checkin',
      '200 /wp-admin/admin-ajax.php?action=rest-nonce',
      '200 /wp-json/loyalty/v1/checkin',
    ])
    expect(await widget.locator('.loyaltykit-streak-days').textContent()).toBe('1')
    expect(await widget.locator('.loyaltykit-streak-label').textContent()).toBe('day streak')
    expect(await widget.locator('.loyaltykit-checkin-button').isDisabled()).toBe(true)
    expect(await widget.locator('.loyaltykit-checkin-button').textContent()).toBe('Checked in today')
    // A new page view renders the streak on the server, already checked in.
    await page.reload()
    expect(await widget.locator('.loyaltykit-streak-days').textContent()).toBe('1')
    expect(await widget.locator('.loyaltykit-checkin-button').isDisabled()).toBe(true)
  })

  it('after a 7-day streak the member claims the milestone bonus', async () => {
    await w.s.runtime.engine.site.restoreStreak({
      brandId: w.brandId,
      userId: String(dana.id),
      days: 7,
      reason: 'test',
    })
    await page.reload()
    const widget = page.locator('[data-loyaltykit="checkin"]')
    expect(await widget.locator('.loyaltykit-milestones li').allTextContents()).toEqual([
      '7-day milestone: +100 points Claim',
    ])
    await widget.locator('.loyaltykit-claim-button').click()
    await expect
      .poll(() => widget.locator('.loyaltykit-message').textContent(), UPSTREAM_WRITE)
      .toBe('Milestone bonus claimed: +100 points.')
    expect(await widget.locator('.loyaltykit-milestones li').count()).toBe(0)
  })

  it('the member redeems a perk: one click asks, the second redeems and shows the code; after a failure the retry keeps its key', async () => {
    const perk = page.locator('.loyaltykit-perk', { hasText: 'Free coffee' })
    const button = perk.locator('.loyaltykit-redeem-button')
    const message = perk.locator('.loyaltykit-message')
    /** The Idempotency-Key of each redeem request the page sent. */
    const keys: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/loyalty/v1/redeem')) keys.push(r.headers()['idempotency-key'] ?? '')
    })
    // First the server fails (a 503 page from a proxy: api_error), so the outcome is unknown to the
    // page: the next click must retry with the same key, never start a second redemption.
    const up = await startBrokenUpstreams()
    try {
      w.wp.setConstants({ LOYALTYKIT_API_URL: up.failingUrl })
      await button.click()
      expect(await message.textContent()).toBe('Spend 50 points?')
      calls.length = 0
      await button.click()
      await expect
        .poll(() => message.textContent(), UPSTREAM_WRITE)
        .toBe('The loyalty service failed. Please try again later.')
    } finally {
      w.wp.setConstants({})
      await up.close()
    }
    await button.click()
    expect(await message.textContent()).toBe('Spend 50 points?')
    await button.click()
    await expect
      .poll(() => message.textContent(), UPSTREAM_WRITE)
      .toMatch(/^Redeemed Free coffee\. Confirmation code: LK-\S{10}$/)
    expect(calls).toEqual(['500 /wp-json/loyalty/v1/redeem', '200 /wp-json/loyalty/v1/redeem'])
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
    // Spent on the server: 110 earned, 50 redeemed.
    const member = await w.s.runtime.storage.site.getMember({ brandId: w.brandId, siteUserId: String(dana.id) })
    const totals = await w.s.runtime.storage.ledger.memberTotals({
      walletAddress: member!.walletAddress,
      brandId: w.brandId,
    })
    expect(Number(totals.redeemed)).toBe(50)
  })

  it('the leaderboard shows the member by display name, and the page raised no script error', async () => {
    await page.reload()
    const rows = await page.locator('.loyaltykit-leaderboard tbody tr').allTextContents()
    // 10 (check-in) + 100 (milestone) earned this week; the redemption spends, it does not un-earn.
    expect(rows).toEqual(['1Dana110'])
    expect(pageErrors).toEqual([])
  })
})
