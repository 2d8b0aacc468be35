import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type Response, Router } from 'express'
import { type ApiSurfaceOptions, apiOperations, buildOpenApiDocument } from './build-openapi-document'

/**
 * The docs page's CSP: everything from this origin, nothing else (Scalar injects its styles, hence
 * `'unsafe-inline'` for styles only; `connect-src 'self'` keeps "try it" and any telemetry home).
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** Scalar's configuration: no web fonts, no telemetry, no developer tools (nothing leaves the page). */
const SCALAR_CONFIGURATION = JSON.stringify({
  url: '/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  hideClientButton: false,
})

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>loyaltykit API reference</title>
</head>
<body>
<script id="api-reference" data-configuration='${SCALAR_CONFIGURATION}'></script>
<script src="/docs/scalar.js"></script>
</body>
</html>
`

/** Scalar's standalone bundle (all of it in one file: no chunks, no CDN), resolved from its package (under pnpm's `.pnpm`, hence `dotfiles: 'allow'`). */
function scalarStandalonePath(): string {
  const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url)
  return join(dirname(require.resolve('@scalar/api-reference')), 'browser/standalone.js')
}

const docsHeaders = (res: Response) => {
  res.setHeader('Content-Security-Policy', DOCS_CSP)
  res.setHeader('Cache-Control', 'public, max-age=300')
}

/**
 * `GET /openapi.json` (built on first request from the engine's schemas and the agent registry, then
 * cached: docs/openapi.md), `GET /docs` (the Scalar reference page) and `GET /docs/scalar.js` (its
 * bundle, served from node_modules).
 */
export function openApiRoutes(surfaces: ApiSurfaceOptions): Router {
  const router = Router()
  let document: string | undefined
  router.get('/openapi.json', (_req, res) => {
    document ??= JSON.stringify(buildOpenApiDocument(apiOperations(surfaces)))
    res.setHeader('Cache-Control', 'public, max-age=300')
    res.type('application/json').send(document)
  })
  router.get('/docs', (_req, res) => {
    docsHeaders(res)
    res.type('html').send(DOCS_HTML)
  })
  router.get('/docs/scalar.js', (_req, res, next) => {
    docsHeaders(res)
    res
      .type('application/javascript')
      .sendFile(scalarStandalonePath(), { dotfiles: 'allow' }, (err) => err && next(err))
  })
  return router
}
