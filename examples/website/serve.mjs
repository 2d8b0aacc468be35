#!/usr/bin/env node
// Serves the example website (index.html for every path, like a single-page app), with the brand id
// and the loyaltykit server address filled in.
//
//   BRAND_ID=0x... LOYALTYKIT_URL=http://localhost:3000 PORT=8080 node examples/website/serve.mjs
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

/** The page with `%BRAND_ID%` and `%LOYALTYKIT_URL%` replaced. */
function renderPage({ brandId, loyaltykitUrl }) {
  return readFileSync(new URL('./index.html', import.meta.url), 'utf8')
    .replaceAll('%BRAND_ID%', brandId)
    .replaceAll('%LOYALTYKIT_URL%', loyaltykitUrl.replace(/\/+$/, ''))
}

/** A node:http server answering every GET with the page. Call `.listen(port)` on it. */
export function createWebsiteServer(options) {
  return createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end()
      return
    }
    if (req.url === '/favicon.ico') {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(renderPage(options))
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const brandId = process.env.BRAND_ID
  if (!brandId) {
    console.error('Set BRAND_ID to your brand id (`pnpm loyaltykit brand list` prints it).')
    process.exit(1)
  }
  const loyaltykitUrl = process.env.LOYALTYKIT_URL ?? 'http://localhost:3000'
  const port = Number(process.env.PORT ?? 8080)
  createWebsiteServer({ brandId, loyaltykitUrl }).listen(port, () => {
    console.log(`Example website on http://localhost:${port} (loyaltykit server: ${loyaltykitUrl})`)
  })
}
