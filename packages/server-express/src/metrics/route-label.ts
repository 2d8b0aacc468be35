import type { Express, Request } from 'express'
import { match } from 'path-to-regexp'

type Layer = {
  route?: { path: unknown; methods: Record<string, boolean> }
  handle?: { stack?: Layer[] }
  rawPath?: unknown
}
type Pattern = { route: object; label: string; methods: Record<string, boolean>; test: (path: string) => boolean }

/** The app's routes with their full patterns (mount paths included), walked as the router holds them. */
function patternsOf(app: Express): Pattern[] {
  const patterns: Pattern[] = []
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path]
        for (const path of paths) {
          if (typeof path !== 'string') continue
          const label = `${prefix}${path}` || '/'
          const test = match(label, { decode: false })
          patterns.push({ route: layer.route, label, methods: layer.route.methods, test: (p) => test(p) !== false })
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : ''
        walk(layer.handle.stack, `${prefix}${mount}`)
      }
    }
  }
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '')
  return patterns
}

/**
 * The `route` label of a request: the pattern of the route it reached (`/loyalty-api/dev-checkout/:sessionId`),
 * never the raw path, so no id becomes a label. A request answered before reaching its route (a
 * preflight, an idempotent replay, a 413, a 429) gets the pattern its path matches, the route of its
 * method first; a path no route matches is `unmatched`. The routes are read once, at the first request.
 */
export function routeLabeler(app: Express): (req: Request) => string {
  let patterns: Pattern[] | undefined
  let byRoute: Map<object, string> | undefined
  return (req) => {
    if (!patterns || !byRoute) {
      patterns = patternsOf(app)
      byRoute = new Map(patterns.map((p) => [p.route, p.label]))
    }
    const reached = req.route ? byRoute.get(req.route) : undefined
    if (reached) return reached
    const path = (req.originalUrl.split('?')[0] ?? '/').replace(/\/+$/, '') || '/'
    const method = req.method.toLowerCase()
    const candidates = patterns.filter((p) => p.test(path))
    return (candidates.find((p) => p.methods[method]) ?? candidates[0])?.label ?? 'unmatched'
  }
}
