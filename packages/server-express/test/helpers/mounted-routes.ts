import { createEngine, type KeyVault, type Storage } from '@loyaltykit/engine'
import type { Express } from 'express'
import { createApp } from '../../src/app/create-app'
import { loadConfig } from '../../src/config/load-config'
import { createLogger } from '../../src/logging/create-logger'

/** The app with every surface enabled, over an engine with no storage: enough to list (never call) its routes. */
export function appWithEverySurface(): Express {
  const config = loadConfig({ NODE_ENV: 'test' })
  return createApp({
    engine: createEngine({ storage: {} as Storage, keyVault: {} as KeyVault }),
    logger: createLogger({ level: 'silent' }),
    config: {},
    payments: { provider: undefined, mintWaitMs: 0 },
    pregeneration: config.pregeneration,
    relayer: config.relayer,
    eventHandler: {
      ...config.eventHandler,
      mintWaitMs: 0,
      dnsResolver: { resolveTxt: async () => [] },
      sdkJsPath: undefined,
    },
  })
}

/** Every route `app` mounts, as `METHOD /path` (Express paths, `:param` segments). */
export function mountedRoutes(app: Express): string[] {
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } }
  const routes: string[] = []
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods))
          routes.push(`${method.toUpperCase()} ${layer.route.path}`)
      } else if (layer.handle?.stack) walk(layer.handle.stack)
    }
  }
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack)
  return routes
}
