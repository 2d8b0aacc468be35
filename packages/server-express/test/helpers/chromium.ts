/**
 * Headless Chromium for the server's browser tests (the dev-checkout page): the browser SDK's
 * launcher, with every `*.test` host resolving to 127.0.0.1. These tests never skip: without
 * Chromium, `launchChromium` throws with the install command.
 */
export { launchChromium } from '../../../browser-sdk/test/helpers/chromium'
