import type { IncomingMessage, Server } from 'node:http'
import type { SecretScan } from './secret-scan'

/** Registers the credential of every `Authorization` header `server` receives (API keys, access tokens, anything). */
export function registerPresentedCredentials(server: Server, scan: SecretScan): void {
  server.prependListener('request', (req: IncomingMessage) => {
    const auth = req.headers.authorization
    if (typeof auth === 'string') scan.register(auth.replace(/^\S+\s+/, ''), 'credential sent in Authorization')
  })
}
