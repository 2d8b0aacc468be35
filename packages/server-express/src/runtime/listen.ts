import type { Server } from 'node:http'
import type { Express } from 'express'

/** Listens and resolves once bound (rejects on EADDRINUSE etc.); `port` 0 picks a free port. */
export function listen(app: Express, port: number, host: string | undefined): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = host === undefined ? app.listen(port) : app.listen(port, host)
    const onError = (e: Error) => reject(e)
    server.once('error', onError)
    server.once('listening', () => {
      server.off('error', onError)
      resolve(server)
    })
  })
}
