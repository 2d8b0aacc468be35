import { AuthenticationError, type Engine } from '@loyaltykit/engine'
import type {
  devLoginResponseSchema,
  getUserWalletResponseSchema,
  signUserTypedDataResponseSchema,
} from '@loyaltykit/engine/schemas'
import { type Request, Router } from 'express'
import type { z } from 'zod'
import { errorSurface } from '../http/error-surface'
import '../http/request-context'
import { bearerToken } from '../http/bearer-token'
import { walletCors } from './wallet-cors'

/** Paths of the identity endpoints; their errors render in the `generic` surface. */
export const IDENTITY_PATHS = ['/auth/dev-login', '/wallet']

/**
 * The local identity provider's HTTP surface:
 * - `POST /auth/dev-login {email}` → `{ accessToken, walletAddress, userId, expiresAt }` (refused with
 *   403 when NODE_ENV=production or tokens come from elsewhere);
 * - `GET /wallet` (Bearer access token) → `{ success, userId, address, balance, balanceWei, token }`;
 * - `POST /wallet/sign-typed-data` (Bearer) with EIP-712 typed data → `{ success, signature, v, r, s,
 *   permit }`: only ERC-2612 permits of the points token to an approved spender (the perk collection,
 *   the points sale, the escrow, the relayer account); anything else 403.
 * Errors: `{ error, message, code, details, requestId }`, 401 for a missing or bad token.
 */
export function identityRoutes(engine: Engine): Router {
  const router = Router()
  router.use(IDENTITY_PATHS, errorSurface('generic'), walletCors(engine))

  const user = (req: Request) => {
    const token = bearerToken(req)
    if (!token) throw new AuthenticationError('Missing Authorization: Bearer <access token>', 'missing')
    return engine.identity.verifyAccessToken({ token })
  }

  router.post('/auth/dev-login', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json((await engine.identity.devLogin(req.body ?? {})) satisfies z.infer<typeof devLoginResponseSchema>)
  })

  router.get('/wallet', async (req, res) => {
    const wallet = await engine.identity.getWallet({}, { user: await user(req) })
    res.setHeader('Cache-Control', 'no-store')
    res.json({ success: true, ...wallet } satisfies z.infer<typeof getUserWalletResponseSchema>)
  })

  router.post('/wallet/sign-typed-data', async (req, res) => {
    const signed = await engine.identity.signTypedData(req.body, { user: await user(req) })
    res.setHeader('Cache-Control', 'no-store')
    res.json({ success: true, ...signed } satisfies z.infer<typeof signUserTypedDataResponseSchema>)
  })

  return router
}
