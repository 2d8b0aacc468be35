import { fileURLToPath } from 'node:url'

/**
 * Where the built `sdk.js` lives, for a server that serves it at `GET /sdk.js`. Node only (the
 * `@loyaltykit/browser-sdk/path` entry). The same expression is right from `src/` and from `dist/`.
 * The file exists once the package is built (`pnpm --filter @loyaltykit/browser-sdk build`).
 */
export const sdkJsUrl: URL = new URL('../dist/sdk.js', import.meta.url)

/** `sdkJsUrl` as a file-system path (for `res.sendFile`, `fs.readFile`). */
export const sdkJsPath: string = fileURLToPath(sdkJsUrl)
