import { fileURLToPath } from 'node:url'

/**
 * The folder of the built dashboard (`index.html`, `dashboard.js`, `dashboard.css`), for the server
 * that serves it at `/dashboard`. Node only. The same expression is right from `src/` and from
 * `dist/`. The files exist once the package is built (`pnpm --filter @loyaltykit/dashboard build`).
 */
export const dashboardDir: string = fileURLToPath(new URL('../dist/', import.meta.url))
