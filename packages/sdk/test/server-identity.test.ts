import {
  devLoginResponseSchema,
  getUserWalletResponseSchema,
  invalidateConstraintCacheResponseSchema,
  pregenerateUserResponseSchema,
  signUserTypedDataResponseSchema,
} from '@loyaltykit/engine/schemas'
import { beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../../server-express/test/helpers/start-test-server'
import {
  AuthenticationError,
  BadRequestError,
  createLoyaltyClient,
  type LoyaltyClient,
  PermissionError,
  type SignTypedDataResponse,
} from '../src/index'
import { expectWire } from './helpers/expect-wire'
import { useSdkServerWorld } from './helpers/sdk-server-world'

describe('@loyaltykit/sdk against the real server: identity', () => {
  const w = useSdkServerWorld()
  const { permitFor, tokenDomain } = w
  let s: TestServer
  let brandId: string
  let loyalty: LoyaltyClient
  let trusted: LoyaltyClient
  beforeAll(() => {
    ;({ s, brandId, loyalty, trusted } = w)
  })

  it('pregeneration.pregenerateUser: get-or-create; spec error bodies keep their extra fields', async () => {
    const params = {
      brand_id: brandId,
      oauth_provider: 'github',
      oauth_user_id: '5837214',
      oauth_username: 'ada-l',
    } as const
    const created = expectWire(pregenerateUserResponseSchema, await loyalty.pregeneration.pregenerateUser(params))
    expect(created.created_new).toBe(true)
    const again = expectWire(pregenerateUserResponseSchema, await loyalty.pregeneration.pregenerateUser(params))
    expect(again).toMatchObject({ created_new: false, wallet_address: created.wallet_address })

    const error = await loyalty.pregeneration
      // @ts-expect-error: not one of the eight providers
      .pregenerateUser({ ...params, oauth_provider: 'myspace' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BadRequestError)
    expect((error as BadRequestError).details).toMatchObject({ valid_providers: expect.arrayContaining(['github']) })
  })

  it('constraints.invalidate: Bearer apiKey when the client has one, else the unauthenticated path', async () => {
    const result = expectWire(
      invalidateConstraintCacheResponseSchema,
      await trusted.constraints.invalidate({ api_url: 'https://api.example.com/eligible' }),
    )
    expect(result.invalidated_count).toBe(0)
    expectWire(
      invalidateConstraintCacheResponseSchema,
      await loyalty.constraints.invalidate({ api_url: 'https://api.example.com/eligible', collection_id: 1 }),
    )
    const wrongKey = createLoyaltyClient({ baseUrl: s.base, apiKey: 'lk_wrong' })
    await expect(wrongKey.constraints.invalidate({ api_url: 'https://x.example' })).rejects.toBeInstanceOf(
      AuthenticationError,
    )
    const missing = await loyalty.constraints.invalidate({ api_url: '' }).catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(BadRequestError)
  })

  it('auth.devLogin, wallet.get and wallet.signTypedData with the access token', async () => {
    // Ada earns her account_creation reward first, so that her wallet has a balance to show.
    const email = 'ada@example.com'
    await loyalty.events.track({ brandId, eventType: 'account_creation', userEmail: email, domain: 'shop.example.com' })
    const login = expectWire(devLoginResponseSchema, await loyalty.auth.devLogin({ email: 'ada@example.com' }))
    const options = { accessToken: login.accessToken }
    const wallet = expectWire(getUserWalletResponseSchema, await loyalty.wallet.get(options))
    expect(wallet).toMatchObject({ address: login.walletAddress, balance: '100', custodial: true })
    await expect(loyalty.wallet.get()).rejects.toThrow(/access token/)
    await expect(loyalty.wallet.get({ accessToken: 'not-a-jwt' })).rejects.toBeInstanceOf(AuthenticationError)

    // The server names what it accepts in the 403's details: the token's domain, then the spenders.
    const domain = await tokenDomain(login.accessToken, login.walletAddress)
    const value = '40000000000000000000'
    const wrongSpender = await loyalty.wallet
      .signTypedData(permitFor({ owner: login.walletAddress, spender: wallet.token, value }, domain), options)
      .catch((e: unknown) => e)
    expect(wrongSpender).toBeInstanceOf(PermissionError)
    const { allowed } = (wrongSpender as PermissionError).details as { allowed: string[] }
    const signed: SignTypedDataResponse = expectWire(
      signUserTypedDataResponseSchema,
      await loyalty.wallet.signTypedData(
        permitFor({ owner: login.walletAddress, spender: allowed[0]!, value }, domain),
        options,
      ),
    )
    expect(signed.permit).toMatchObject({ owner: login.walletAddress, value: '40000000000000000000' })
  })
})
