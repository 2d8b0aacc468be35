import type { Logger } from '@loyaltykit/engine'
import { requestScope } from './request-scope'

/**
 * A Logger that adds `requestId` of the request being served (see `requestScope`) to every line, so
 * the engine's own log lines inside a request carry the request id too. Give it to the engine; the
 * HTTP layer's `req.log` already binds the id.
 */
export function withRequestScope(base: Logger): Logger {
  const scoped = (obj: Record<string, unknown>) => {
    const store = requestScope.getStore()
    return store && obj.requestId === undefined ? { requestId: store.requestId, ...obj } : obj
  }
  return {
    debug: (obj, msg) => base.debug(scoped(obj), msg),
    info: (obj, msg) => base.info(scoped(obj), msg),
    warn: (obj, msg) => base.warn(scoped(obj), msg),
    error: (obj, msg) => base.error(scoped(obj), msg),
    child: (bindings) => withRequestScope(base.child(bindings)),
  }
}
