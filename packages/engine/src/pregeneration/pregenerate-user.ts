import type { z } from 'zod'
import type { EngineContext } from '../context'
import { NotFoundError } from '../errors/common-errors'
import type { RateLimitInfo } from '../errors/rate-limited-error'
import { ensureIdentity } from '../identity/ensure-identity'
import { OAUTH_PROVIDER_RULES } from './oauth-providers'
import { parsePregenerateRequest } from './parse-pregenerate-request'
import type { PregenerateUserParameters, pregenerateUserResponseSchema } from './pregenerate-user-schema'
import {
  DEFAULT_PREGENERATION_LIMITS,
  enforcePregenerationLimits,
  type PregenerationLimits,
} from './pregeneration-limits'

/** The spec's 200 body of `POST /loyalty-api/pregenerate-user`. */
export type PregenerateUserResponse = z.output<typeof pregenerateUserResponseSchema>

export type PregenerateUserReturnType = {
  response: PregenerateUserResponse
  /** State of the brand's minute window, for `X-RateLimit-*` headers. */
  rateLimit: RateLimitInfo
}

export type PregenerateUserOptions = {
  /** Per-brand limits; default the spec's 100 a minute and 10,000 a day. */
  limits?: PregenerationLimits
}

/**
 * `POST /loyalty-api/pregenerate-user`: get-or-create the wallet of an OAuth identity before the user
 * logs in. Validates the body (parsePregenerateRequest), requires the brand, counts the request
 * against the brand's limits, then gets or creates the identity through the identity provider. The
 * first call records the pregeneration event (brand, username, metadata) with the new identity in one
 * transaction and answers `created_new: true`; every later call with the same (provider, id), from any
 * brand or process, answers the same wallet with `created_new: false` and changes nothing.
 */
export async function pregenerateUser(
  ctx: EngineContext,
  params: PregenerateUserParameters,
  options: PregenerateUserOptions = {},
): Promise<PregenerateUserReturnType> {
  const req = parsePregenerateRequest(params, ctx.clock.now())
  if (!(await ctx.storage.brands.get(req.brandId))) {
    throw new NotFoundError('Brand not found', 'BRAND_NOT_FOUND', { brand_id: req.brandId })
  }
  const rateLimit = await enforcePregenerationLimits(ctx, req.brandId, options.limits ?? DEFAULT_PREGENERATION_LIMITS)
  const identity = await ensureIdentity(
    ctx,
    { kind: 'oauth', provider: req.provider, userId: req.oauthUserId, username: req.oauthUsername },
    {
      username: req.oauthUsername ?? null,
      onCreated: (tx, created) =>
        tx.pregenerations.insert({
          oauthProvider: req.provider,
          oauthUserId: req.oauthUserId,
          brandId: req.brandId,
          userId: created.userId,
          walletAddress: created.walletAddress,
          oauthUsername: req.oauthUsername ?? null,
          metadata: req.metadata,
          createdAt: ctx.clock.now(),
        }),
    },
  )
  const label = OAUTH_PROVIDER_RULES[req.provider].label
  const createdNew = identity.created && identity.walletCreated
  if (identity.created) {
    ctx.logger.info({ brandId: req.brandId, provider: req.provider, userId: identity.userId }, 'wallet pregenerated')
  }
  return {
    rateLimit,
    response: {
      success: true,
      wallet_address: identity.walletAddress,
      privy_user_id: identity.userId,
      oauth_provider: req.provider,
      oauth_user_id: req.oauthUserId,
      created_new: createdNew,
      message: createdNew
        ? `Wallet created for ${label} user ${req.oauthUserId}`
        : `Wallet already exists for ${label} user ${req.oauthUserId}`,
      next_steps: createdNew
        ? [
            `Store wallet_address with the user's ${label} account: it is permanently linked to (${req.provider}, ${req.oauthUserId})`,
            'Reward the user: POST /loyalty-api/manual-event with userIdentifier set to wallet_address',
            `When the user signs in with ${label}, identity ${identity.userId} owns this wallet`,
          ]
        : [
            'Nothing was changed: this identity already has its wallet',
            'Reward the user: POST /loyalty-api/manual-event with userIdentifier set to wallet_address',
          ],
    },
  }
}
