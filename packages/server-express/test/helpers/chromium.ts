import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

const CANDIDATES = [process.env.LOYALTYKIT_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser']

/** The Chromium binary the browser tests drive (LOYALTYKIT_CHROMIUM, else the distribution's). */
export const chromiumPath = CANDIDATES.find((p): p is string => p !== undefined && p !== '' && existsSync(p))

/**
 * Headless Chromium with every `*.test` host resolving to 127.0.0.1, so a local server can stand
 * for a brand's website on another origin. Throws with the install command when Chromium is missing
 * (the payment page tests never skip).
 */
export async function launchChromium(): Promise<Browser> {
  if (chromiumPath === undefined) {
    throw new Error(
      'Chromium is required for the dev-checkout tests: apt-get install -y chromium (or set LOYALTYKIT_CHROMIUM)',
    )
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--host-resolver-rules=MAP *.test 127.0.0.1',
    ],
  })
}
