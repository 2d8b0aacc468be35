import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

const CANDIDATES = [process.env.LOYALTYKIT_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser']
const INSTALL_HINT = 'apt-get update && apt-get install -y chromium (or set LOYALTYKIT_CHROMIUM to a Chromium binary)'

/** The Chromium binary the browser tests drive, if one is installed. */
const chromiumPath = CANDIDATES.find((p): p is string => p !== undefined && p !== '' && existsSync(p))

const inCi = process.env.CI === 'true' || process.env.CI === '1'

/**
 * Whether the Chromium suites run: always in CI (where a missing Chromium must fail, not skip), and
 * locally when Chromium is installed.
 */
export const runChromiumTests = chromiumPath !== undefined || inCi
if (!runChromiumTests) {
  console.warn(`Chromium not found: the skippable headless browser tests are SKIPPED. Install it: ${INSTALL_HINT}`)
}

/**
 * Launches headless Chromium with every `*.test` host resolving to 127.0.0.1 (so one local server
 * can stand for several sites). Throws with the install command when Chromium is missing. Shared
 * with the server's browser tests (packages/server-express/test/helpers/chromium.ts).
 */
export async function launchChromium(): Promise<Browser> {
  if (chromiumPath === undefined) {
    throw new Error(
      `Chromium is required for the headless browser tests (CI=${process.env.CI}) but none was found. Install it: ${INSTALL_HINT}`,
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
