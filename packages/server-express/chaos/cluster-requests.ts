import { randomBytes } from 'node:crypto'
import { perkCollectionAbi } from '@loyaltykit/contracts'
import { type Address, encodeFunctionData } from 'viem'
// The SDK's signing: the client side of the perk-charge HMAC scheme.
import { signRequest } from '../../sdk/src/signing/sign-request'
import { CHAOS_SITE, type ChaosCluster } from './chaos-cluster'
import type { ClientAnswer, IdempotentClient } from './idempotent-client'

export type ClusterLogin = { accessToken: string; walletAddress: Address; userId: string }

let snowflake = 120_000_000_000_000_000n + BigInt(Date.now() % 1_000_000) * 1_000_000_000n

/**
 * The requests a brand's clients send to the cluster, each one logical request of `client` (one
 * Idempotency-Key, retried until answered): events, checkouts and their payment, logins, relays,
 * perk redemptions and wallet pregenerations.
 */
export function clusterRequests(cluster: ChaosCluster, client: IdempotentClient) {
  const brandId = cluster.brand.id
  const domain = new URL(CHAOS_SITE).host
  const post = (path: string, body: unknown, headers?: Record<string, string>) =>
    client.send({ method: 'POST', path, body, ...(headers ? { headers } : {}) })

  return {
    /** `POST /loyalty-api/manual-event` of `eventType` (account_creation: 100 points, at most once). */
    event: (userEmail: string, eventType = 'account_creation') =>
      post('/loyalty-api/manual-event', { brandId, eventType, userEmail, domain }),

    /** `POST /loyalty-api/create-checkout` for `amount` cents; answers the session id and wallet. */
    async checkout(userEmail: string, amount: number) {
      const res = await post('/loyalty-api/create-checkout', {
        brandId,
        amount,
        userEmail,
        successUrl: `${CHAOS_SITE}/thanks?session={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${CHAOS_SITE}/cart`,
      })
      if (res.status !== 200) throw new Error(`create-checkout: ${res.status} ${res.body}`)
      return res.json<{ sessionId: string; walletAddress: Address; tokenAmount: number }>()
    },
    /** The local provider's Pay button (`POST /loyalty-api/dev-checkout/:id/pay`: 303 to successUrl). */
    pay: (sessionId: string) => post(`/loyalty-api/dev-checkout/${encodeURIComponent(sessionId)}/pay`, undefined),
    /** `POST /loyalty-api/payment-mint`. */
    paymentMint: (sessionId: string) => post('/loyalty-api/payment-mint', { sessionId }),

    /** `POST /auth/dev-login` (local identity provider): a user with a custodial wallet. */
    async login(email = `u${randomBytes(5).toString('hex')}@chaos.example`): Promise<ClusterLogin> {
      const res = await post('/auth/dev-login', { email })
      if (res.status !== 200) throw new Error(`dev-login: ${res.status} ${res.body}`)
      return res.json<ClusterLogin>()
    },
    /** `POST /relay` of the user's claim of perk `collectionId`, from the brand's website. */
    relayClaim: (u: ClusterLogin, collectionId: number): Promise<ClientAnswer> =>
      post(
        '/relay',
        {
          userAddress: u.walletAddress,
          to: cluster.perkCollection,
          data: encodeFunctionData({
            abi: perkCollectionAbi,
            functionName: 'claimFor',
            args: [u.walletAddress, BigInt(collectionId)],
          }),
        },
        { authorization: `Bearer ${u.accessToken}`, origin: CHAOS_SITE },
      ),

    /** `POST /redeem-perk` of one charge, signed with the brand's security key (a unique nonce in the body). */
    async redeem(collectionId: number, tokenId: bigint) {
      const raw = JSON.stringify({
        collectionId,
        tokenId: tokenId.toString(),
        charges: 1,
        nonce: randomBytes(8).toString('hex'),
      })
      const sig = await signRequest({
        secret: cluster.brand.securityKey,
        method: 'POST',
        path: '/redeem-perk',
        body: raw,
      })
      return post('/redeem-perk', JSON.parse(raw), {
        'X-LOYALTY-Brand-Id': brandId,
        'X-LOYALTY-Timestamp': sig.timestamp,
        'X-LOYALTY-Signature': sig.signature,
      })
    },

    /** `POST /loyalty-api/pregenerate-user` for a new Discord identity. */
    pregenerate() {
      snowflake += 7_919_293n
      return post('/loyalty-api/pregenerate-user', {
        brand_id: brandId,
        oauth_provider: 'discord',
        oauth_user_id: snowflake.toString(),
      })
    },
  }
}

export type ClusterRequests = ReturnType<typeof clusterRequests>
