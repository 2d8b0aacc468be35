import { perkCollectionAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import { type Address, encodeFunctionData } from 'viem'
import { postJson } from './post-json'
import type { TestServer } from './start-test-server'

const WEI = 10n ** 18n
/** The user of the docs' examples. */
const ANN = 'ann@example.com'

/**
 * The state the curl examples of docs/api need on a server started with the demo brand, as
 * placeholder values (docs/api/README.md#the-curl-examples): what every page may use, and what a
 * page needs set up first (a paid session, a perk, a signed permit…).
 */
export function createDocsCurlFixtures(s: TestServer) {
  const demo = s.demo
  if (!demo?.keys) throw new Error('the docs examples need a server that created the demo brand (keys shown)')
  const brandId = demo.brand.id
  const keys = demo.keys
  const chain = s.runtime.chain
  if (!chain) throw new Error('the docs examples need the chain')
  const read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: unknown[] = []) =>
    chain.publicClient.readContract({ address, abi, functionName, args } as never) as Promise<T>

  const json = async (res: Response | Promise<Response>) => {
    const r = await res
    const body = await r.json()
    if (!r.ok) throw new Error(`setup call answered ${r.status}: ${JSON.stringify(body)}`)
    return body
  }
  const login = (): Promise<{ accessToken: string; walletAddress: Address }> =>
    json(postJson(s.base, '/auth/dev-login', { email: ANN }))
  const session = async () =>
    (
      await json(
        postJson(s.base, '/loyalty-api/create-checkout', {
          brandId,
          amount: 1500,
          userEmail: ANN,
          successUrl: 'https://shop.example.com/thanks?session={CHECKOUT_SESSION_ID}',
          cancelUrl: 'https://shop.example.com/cart',
        }),
      )
    ).sessionId as string
  const relay = (accessToken: string, body: Record<string, unknown>) =>
    json(postJson(s.base, '/relay', body, { authorization: `Bearer ${accessToken}` }))
  const claimData = (user: Address, collectionId: number) =>
    encodeFunctionData({ abi: perkCollectionAbi, functionName: 'claimFor', args: [user, BigInt(collectionId)] })
  const nonce = (user: Address) => read<bigint>(chain.contracts.pointsToken, pointsTokenAbi, 'nonces', [user])

  /** Ann earns `rewardAmount` points for one event of a custom rule of its own (`custom_<name>`). */
  async function rewardAnn(name: string, rewardAmount: number) {
    await s.runtime.engine.rules.set({
      brandId,
      eventType: name,
      custom: true,
      rewardAmount,
      maxClaims: -1,
      cooldownHours: 0,
    })
    const { walletAddress } = await login()
    await json(
      postJson(s.base, '/loyalty-api/manual-event', {
        brandId,
        eventType: `custom_${name}`,
        userEmail: ANN,
        userIdentifier: walletAddress,
        domain: 'localhost',
      }),
    )
  }
  /** Ann earns 500 points (her permits spend some). */
  const fundAnn = () => rewardAnn('docs_bonus', 500)

  let claimedPerk: Promise<Record<string, string>> | undefined
  /** A free perk with 3 charges, claimed by Ann through the relayer. */
  const perkOfAnn = () => {
    claimedPerk ??= (async () => {
      const { collectionId } = await s.runtime.engine.perks.create({
        brandId,
        name: 'Free coffee',
        price: 0,
        charges: 3,
      })
      const { accessToken, walletAddress } = await login()
      await relay(accessToken, {
        to: chain.contracts.perkCollection,
        data: claimData(walletAddress, collectionId),
        userAddress: walletAddress,
      })
      const tokenId = await read<bigint>(chain.contracts.perkCollection, perkCollectionAbi, 'tokenCount')
      return { COLLECTION_ID: String(collectionId), TOKEN_ID: String(tokenId) }
    })()
    return claimedPerk
  }

  /** A session of Ann's, paid on its dev-checkout page (which mints it). */
  const paidSession = async () => {
    const id = await session()
    const pay = await fetch(`${s.base}/loyalty-api/dev-checkout/${id}/pay`, { method: 'POST', redirect: 'manual' })
    if (pay.status !== 303) throw new Error(`paying ${id} answered ${pay.status}`)
    return { SESSION_ID: id }
  }

  let secondRewardOfAnn: Promise<Record<string, string>> | undefined
  /** Ann earns a second reward (another rule): the member lists have a second page. */
  const secondReward = () => {
    secondRewardOfAnn ??= rewardAnn('docs_reading', 5).then(() => ({}))
    return secondRewardOfAnn
  }

  /** Per page: placeholders beyond the common ones, after setting up what its examples need. */
  const pages: Record<string, () => Promise<Record<string, string>>> = {
    'dev-checkout.md': async () => ({ SESSION_ID: await session() }),
    'payment-mint.md': paidSession,
    'payment-proof.md': paidSession,
    'wallet.md': async () => {
      const { accessToken, walletAddress } = await login()
      return {
        ACCESS_TOKEN: accessToken,
        USER_WALLET: walletAddress,
        POINTS_TOKEN: chain.contracts.pointsToken,
        PERK_COLLECTION: chain.contracts.perkCollection,
        NONCE: String(await nonce(walletAddress)),
      }
    },
    'relay.md': async () => {
      const { collectionId } = await s.runtime.engine.perks.create({ brandId, name: 'Coffee', price: 10, charges: 3 })
      const { accessToken, walletAddress } = await login()
      const [, name, version] = await read<readonly [string, string, string]>(
        chain.contracts.pointsToken,
        pointsTokenAbi,
        'eip712Domain',
      )
      const { permit } = await json(
        postJson(
          s.base,
          '/wallet/sign-typed-data',
          {
            domain: { name, version, chainId: chain.chainId, verifyingContract: chain.contracts.pointsToken },
            types: {
              Permit: ['owner', 'spender', 'value', 'nonce', 'deadline'].map((n) => ({
                name: n,
                type: n === 'owner' || n === 'spender' ? 'address' : 'uint256',
              })),
            },
            primaryType: 'Permit',
            message: {
              owner: walletAddress,
              spender: chain.contracts.perkCollection,
              value: (10n * WEI).toString(),
              nonce: String(await nonce(walletAddress)),
              deadline: Math.floor(Date.now() / 1000) + 3600,
            },
          },
          { authorization: `Bearer ${accessToken}` },
        ),
      )
      return {
        PERK_COLLECTION: chain.contracts.perkCollection,
        COLLECTION_ID: String(collectionId),
        USER_WALLET: walletAddress,
        CLAIM_DATA: claimData(walletAddress, collectionId),
        PERMIT: JSON.stringify(permit),
      }
    },
    'points-sale-items.md': async () => {
      await s.runtime.engine.pointsSale.add({ brandId, name: 'Tote bag', price: 40, stock: 25, category: 'merch' })
      return {}
    },
    'members.md': async () => ({ USER_WALLET: (await login()).walletAddress }),
    'member-history.md': secondReward,
    'list-events.md': secondReward,
    'check-perk-status.md': perkOfAnn,
    'list-perk-holders.md': perkOfAnn,
    'redeem-perk.md': perkOfAnn,
    'redemption-proof.md': perkOfAnn,
  }

  return {
    /** Placeholders every page may use; funds Ann once. */
    async common(): Promise<Record<string, string>> {
      await fundAnn()
      return { BRAND_ID: brandId, API_KEY: keys.apiKey, SECURITY_KEY: keys.securityKey }
    },
    forPage: (page: string) => pages[page]?.() ?? Promise.resolve({}),
  }
}
