// The chain a contract test file runs on, started once per file. Call one of the `use…` functions at
// the top of the file: it registers the file's beforeAll (start the chain, deploy) and afterAll
// (close it), and the bindings below hold what it started (ES module bindings are live, and each
// test file has its own copy of this module).
import { afterAll, beforeAll } from 'vitest'
import { startChain, type TestChain } from './edr.js'
import { type Actors, actors, deploySuite, deployToken, fund, ONE, type Suite, type Token } from './fixtures.js'

export let chain: TestChain
export let a: Actors
/** Set by `useFundedSuite`. */
export let suite: Suite
/** Set by `useTokenChain` (the suite's token is `suite.token`). */
export let token: Token

function useChain(deploy: () => Promise<void>): void {
  beforeAll(async () => {
    chain = await startChain()
    a = actors(chain)
    await deploy()
  })
  afterAll(async () => {
    await chain?.close()
  })
}

/** The whole suite deployed with its roles, and alice and bob holding 1,000 points each. */
export function useFundedSuite(): void {
  useChain(async () => {
    suite = await deploySuite(chain)
    await fund(chain, suite.token, [a.alice.address, a.bob.address], 1_000n * ONE)
  })
}

/** Only the points token, with its minter and clawback roles granted; nobody holds points yet. */
export function useTokenChain(): void {
  useChain(async () => {
    token = await deployToken(chain)
  })
}
