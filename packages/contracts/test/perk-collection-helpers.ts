// Steps the PerkCollection test files share, on the file's funded suite (use-test-chain.ts).

import { ONE } from './fixtures.js'
import { a, chain, suite } from './use-test-chain.js'

/** Creates a collection as the operator and returns its id. */
export async function createCollection(
  opts: {
    price?: bigint
    maxSupply?: bigint
    maxPerUser?: bigint
    charges?: number
    active?: boolean
    name?: string
  } = {},
) {
  const { perks } = suite
  const args = [
    a.brand.address,
    opts.name ?? 'Free coffee',
    opts.price ?? 10n * ONE,
    opts.maxSupply ?? 0n,
    opts.maxPerUser ?? 0n,
    opts.charges ?? 3,
    opts.active ?? true,
  ] as const
  const { result } = await perks.simulate.createCollection(args, { account: a.operator })
  await chain.mined(perks.write.createCollection(args, { account: a.operator }))
  return result
}

/** `owner` approves the collection contract to spend `amount` of its points. */
export async function approvePerks(owner: typeof a.alice, amount: bigint) {
  await chain.mined(suite.token.write.approve([suite.perks.address, amount], { account: owner }))
}
