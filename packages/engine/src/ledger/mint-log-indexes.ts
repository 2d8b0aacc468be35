import { pointsTokenAbi } from '@loyaltykit/contracts'
import { type Log, parseEventLogs, zeroAddress } from 'viem'

export type MintLogIndexes = {
  jobs: Array<{ mintJobId: string; logIndex: number | null }>
  /** False when the receipt's mint `Transfer`s do not match the jobs (then every logIndex is null). */
  matched: boolean
}

/**
 * The log index of each job's `Transfer(0, to, amount)` in a `mintBatch` receipt. The token emits
 * one such Transfer per recipient in calldata order (PointsToken.sol: `_update(address(0), …)` in
 * the loop, then `BatchMinted`), and the jobs of a batch are in calldata order, so the n-th mint
 * Transfer of the token is the n-th job's; each is checked (recipient and wei) before it is used.
 */
export function mintLogIndexes(
  token: string,
  jobs: ReadonlyArray<{ id: string; to: string; amountWei: string }>,
  logs: readonly Log[],
): MintLogIndexes {
  const mints = parseEventLogs({
    abi: pointsTokenAbi,
    eventName: 'Transfer',
    logs: logs as Log[],
    strict: true,
  }).filter((l) => l.address.toLowerCase() === token.toLowerCase() && l.args.from === zeroAddress)
  const matched =
    mints.length === jobs.length &&
    jobs.every((j, i) => {
      const log = mints[i]
      return (
        log !== undefined && log.args.to.toLowerCase() === j.to.toLowerCase() && log.args.value === BigInt(j.amountWei)
      )
    })
  return {
    matched,
    jobs: jobs.map((j, i) => ({ mintJobId: j.id, logIndex: matched ? (mints[i]?.logIndex ?? null) : null })),
  }
}
