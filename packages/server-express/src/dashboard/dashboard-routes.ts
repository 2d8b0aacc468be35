import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { NotFoundError } from '@loyaltykit/engine'
import { type Response, Router } from 'express'

/**
 * The dashboard's CSP: its script, styles and API calls from this origin only, nothing inline, no
 * frame (docs/dashboard.md). It talks only to `/admin/v1`, same origin, with the session cookie.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** The dashboard's files: its page, its script (Preact bundled in) and its stylesheet. */
const FILES = [
  { path: '/dashboard', file: 'index.html', type: 'html' },
  { path: '/dashboard/dashboard.js', file: 'dashboard.js', type: 'application/javascript' },
  { path: '/dashboard/dashboard.css', file: 'dashboard.css', type: 'text/css' },
] as const

const notBuilt = () =>
  new NotFoundError('The dashboard is not built: run `pnpm build` (packages/dashboard)', 'DASHBOARD_NOT_BUILT')

const headers = (res: Response) => {
  res.setHeader('Content-Security-Policy', DASHBOARD_CSP)
  // Revalidated every time (Last-Modified): a new version shows on the next load.
  res.setHeader('Cache-Control', 'no-cache')
  res.setHeader('Referrer-Policy', 'no-referrer')
}

/**
 * `GET /dashboard` (the brand dashboard: a single-page app, docs/dashboard.md), its script and its
 * stylesheet, read from `dir` (`@loyaltykit/dashboard/path`'s `dashboardDir`); a 404
 * DASHBOARD_NOT_BUILT when the package has not been built.
 */
export function dashboardRoutes(dir: string | undefined): Router {
  const router = Router()
  for (const { path, file, type } of FILES) {
    router.get(path, (_req, res, next) => {
      const full = dir === undefined ? undefined : join(dir, file)
      if (full === undefined || !existsSync(full)) return next(notBuilt())
      headers(res)
      res.type(type).sendFile(full, { dotfiles: 'allow' }, (err) => err && next(err))
    })
  }
  return router
}
