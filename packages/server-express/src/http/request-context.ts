import type { Logger } from '@loyaltykit/engine'

/** What the server's middleware adds to every Express request. */
type RequestContext = {
  /** The request id (from a sane `X-Request-Id`, else generated); echoed in the response header. */
  requestId: string
  /** Logger bound to this request (every line carries `requestId`). */
  log: Logger
  /** The exact bytes of a JSON body, for signature checks (webhooks, HMAC-signed calls). */
  rawBody?: Buffer
}

declare global {
  namespace Express {
    interface Request extends RequestContext {}
  }
}
