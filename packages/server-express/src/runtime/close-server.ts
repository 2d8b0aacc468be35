import type { Server } from 'node:http'

/**
 * Stops accepting connections, lets in-flight requests finish for up to `graceMs`, then drops the
 * remaining connections. Idle keep-alive connections are closed at once.
 */
export function closeServer(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!server.listening) {
      resolve()
      return
    }
    const timer = setTimeout(() => server.closeAllConnections(), graceMs)
    timer.unref()
    server.close((e) => {
      clearTimeout(timer)
      if (e) reject(e)
      else resolve()
    })
    server.closeIdleConnections()
  })
}
