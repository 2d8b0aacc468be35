import type { Clock } from '../ports/clock'
import type { RewardEvent } from '../ports/event-store'
import type { Ids } from '../ports/ids'
import type { EventRule } from '../ports/rule-store'
import type { Stores } from '../ports/storage'
import { recordLedgerEntry } from './record-ledger-entry'

/**
 * The rule as it was judged, kept on the reward's entry for proof of issuance: the amount and the
 * limits, and `rulesVersion` (the rule's `updatedAt`: it changes whenever the rule does).
 */
function ruleSnapshot(rule: EventRule): Record<string, unknown> {
  return {
    eventType: rule.eventType,
    ruleEventId: rule.eventId,
    rewardAmount: rule.rewardAmount,
    maxClaims: rule.maxClaims,
    cooldownHours: rule.cooldownHours,
    maxTotalClaims: rule.maxTotalClaims,
    rulesVersion: rule.updatedAt,
  }
}

/**
 * The `reward` entry of an accepted event (source `event`, its id), pending on its mint job, in
 * the claim's transaction: one insert, no read (the event path is hot). Events without a mint
 * (reward 0) move nothing and record nothing.
 */
export async function recordRewardEntry(
  tx: Pick<Stores, 'ledger'>,
  p: { event: RewardEvent; rule: EventRule },
  options: { clock: Clock; ids: Ids },
): Promise<void> {
  const { event, rule } = p
  if (event.mintJobId === null) return
  await recordLedgerEntry(
    tx,
    {
      kind: 'reward',
      sourceType: 'event',
      sourceId: event.id,
      brandId: event.brandId,
      walletAddress: event.walletAddress,
      userKey: `email:${event.userKey}`,
      amount: event.rewardAmount,
      mintJobId: event.mintJobId,
      snapshot: ruleSnapshot(rule),
      createdAt: event.createdAt,
    },
    options,
  )
}
