import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ShopSite = {
  /** http://shop.test:<port> (Chromium resolves *.test to 127.0.0.1). */
  origin: string
  /** Paths the site was asked for, with their query strings. */
  visits: string[]
  close(): Promise<void>
}

/** A brand's website stand-in: answers every GET with a tiny page naming its path. */
export async function startShopSite(): Promise<ShopSite> {
  const visits: string[] = []
  const server: Server = createServer((req, res) => {
    visits.push(req.url ?? '/')
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><title>shop</title><h1 id="page">${(req.url ?? '/').split('?')[0]}</h1>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://shop.test:${port}`,
    visits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
