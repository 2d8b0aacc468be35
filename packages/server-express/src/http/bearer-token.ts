import type { Request } from 'express'

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), or undefined. */
export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization
  if (typeof header !== 'string') return undefined
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header)
  return m?.[1]
}
