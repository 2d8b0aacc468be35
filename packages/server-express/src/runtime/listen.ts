import { createServer, type Server } from 'node:http'
import type { Express } from 'express'
import type { HttpServerLimits } from '../config/server-section'

/**
 * Listens and resolves once bound (rejects on EADDRINUSE etc.); `port` 0 picks a free port. With
 * `limits` (docs/configuration.md#server), slow headers and bodies are cut (408), idle keep-alive
 * connections closed and headers bounded (431); the timeouts are checked every second.
 */
export function listen(
  app: Express,
  port: number,
  host: string | undefined,
  limits?: HttpServerLimits,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = limits
      ? createServer(
          {
            headersTimeout: limits.headersTimeoutMs,
            requestTimeout: limits.requestTimeoutMs,
            keepAliveTimeout: limits.keepAliveTimeoutMs,
            maxHeaderSize: limits.maxHeaderBytes,
            connectionsCheckingInterval: 1000,
          },
          app,
        )
      : createServer(app)
    if (limits) server.maxHeadersCount = limits.maxHeadersCount
    const onError = (e: Error) => reject(e)
    server.once('error', onError)
    server.once('listening', () => {
      server.off('error', onError)
      resolve(server)
    })
    if (host === undefined) server.listen(port)
    else server.listen(port, host)
  })
}
