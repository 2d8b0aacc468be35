import { pointsTokenAbi } from '@loyaltykit/contracts'
import type { TestServer } from './start-test-server'

/** The points-token balance of `address` (wei) on the test server's chain, read from the chain itself. */
export function tokenBalance(s: TestServer, address: string): Promise<bigint> {
  const chain = s.runtime.chain
  if (!chain) throw new Error('the test server has no chain')
  return chain.publicClient.readContract({
    address: chain.contracts.pointsToken,
    abi: pointsTokenAbi,
    functionName: 'balanceOf',
    args: [address as `0x${string}`],
  })
}
