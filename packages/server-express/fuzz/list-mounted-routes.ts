import type { Express } from 'express'

/** A route as Express matches it: the method and the path pattern (`/loyalty-api/events/:eventId`). */
export type MountedRoute = { method: string; path: string }

type Layer = {
  rawPath?: unknown
  route?: { path: unknown; methods: Record<string, boolean> }
  handle?: { stack?: Layer[] }
}

function prefixesOf(rawPath: unknown): string[] {
  if (typeof rawPath === 'string') return [rawPath === '/' ? '' : rawPath]
  if (Array.isArray(rawPath)) return rawPath.flatMap(prefixesOf)
  return ['']
}

function walk(stack: readonly Layer[], prefix: string, out: MountedRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const path of prefixesOf(layer.route.path)) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') out.push({ method: method.toUpperCase(), path: `${prefix}${path}` || '/' })
        }
      }
    } else if (Array.isArray(layer.handle?.stack)) {
      for (const p of prefixesOf(layer.rawPath)) walk(layer.handle.stack, `${prefix}${p}`, out)
    }
  }
}

/**
 * Every route mounted on an Express 5 app, read from its router stack (nested routers included), so
 * a route added later is listed without anyone remembering to. Sorted, without duplicates.
 */
export function listMountedRoutes(app: Express): MountedRoute[] {
  const router = (app as unknown as { router?: { stack: Layer[] } }).router
  const out: MountedRoute[] = []
  walk(router?.stack ?? [], '', out)
  const seen = new Map(out.map((r) => [`${r.method} ${r.path}`, r]))
  return [...seen.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`))
}
