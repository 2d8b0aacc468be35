import { defineSection } from './define-section'
import { envValue } from './env-value'

/** The durable minting pipeline (docs/configuration.md#minter, docs/minting.md). */
export type MinterConfig = {
  /** How long a rewarding request waits for its mint job's transaction hash. */
  waitMs: number
  /** Group-commit window: jobs arriving within it share one batch-mint transaction. */
  batchWindowMs: number
}

export const minterSection = defineSection({
  title: 'Minter',
  summary: 'The minting pipeline that turns accepted events and payments into batch-mint transactions.',
  variables: {
    LOYALTYKIT_MINT_WAIT_MS: envValue
      .duration({ unit: 'ms', min: 0, max: 600_000, default: 20_000 })
      .describe(
        'How long a rewarding request (manual-event, bulk-events, payment-mint) waits for its mint job’s transaction hash before answering `status: "pending"` with `transactionHash: null` ([event-handler.md](event-handler.md#minting-status-and-the-transaction-hash)). `0` answers at once.',
      ),
    LOYALTYKIT_MINT_BATCH_WINDOW_MS: envValue
      .duration({ unit: 'ms', min: 0, max: 10_000, default: 5 })
      .describe('Group-commit window of the minter: jobs arriving within it share one batch-mint transaction.'),
  },
  read(v): MinterConfig {
    return { waitMs: v.LOYALTYKIT_MINT_WAIT_MS, batchWindowMs: v.LOYALTYKIT_MINT_BATCH_WINDOW_MS }
  },
})
