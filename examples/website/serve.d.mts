import type { Server } from 'node:http'

export type WebsiteOptions = {
  /** The brand's id (lowercase 0x address). */
  brandId: string
  /** Base address of the loyaltykit server, e.g. http://localhost:3000. */
  loyaltykitUrl: string
}

/** A node:http server answering every GET with the page. Call `.listen(port)` on it. */
export function createWebsiteServer(options: WebsiteOptions): Server
