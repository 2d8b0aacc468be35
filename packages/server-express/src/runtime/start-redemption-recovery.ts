import type { Engine } from '@loyaltykit/engine'
import type { ServerLogger } from '../logging/create-logger'

/** How often a server settles pending redemptions (docs/perks.md "Redemption states"). */
const EVERY_MS = 60_000

/**
 * Runs `engine.perks.recoverPendingRedemptions` at start and every minute in the background (a
 * failure is logged and tried again next time). `stop` ends the timer and waits for a run under way.
 */
export function startRedemptionRecovery(engine: Engine, logger: ServerLogger): { stop(): Promise<void> } {
  let stopped = false
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  const run = () => {
    running = engine.perks
      .recoverPendingRedemptions({})
      .then(
        () => {},
        (e: unknown) =>
          logger.warn({ err: e instanceof Error ? e.message : String(e) }, 'pending redemptions not recovered'),
      )
      .finally(() => {
        if (stopped) return
        timer = setTimeout(run, EVERY_MS)
        timer.unref()
      })
  }
  run()
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
