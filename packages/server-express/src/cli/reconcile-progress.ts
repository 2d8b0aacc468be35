import type { ReconcileProgress } from '@loyaltykit/engine'
import cliProgress from 'cli-progress'

export type ProgressReporter = { update(p: ReconcileProgress): void; stop(): void }

/** Plain lines at most this often when the output is not a terminal. */
const LINE_EVERY_MS = 2_000

/**
 * Progress of `loyaltykit reconcile`: a bar (cli-progress) when `stream` is a terminal, else a
 * plain line now and then and one at the end (logs, CI, pipes).
 */
export function reconcileProgress(stream: NodeJS.WritableStream): ProgressReporter {
  if ((stream as NodeJS.WriteStream).isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream: stream as NodeJS.WriteStream,
        format: 'reconcile |{bar}| {value}/{total} wallets · {entries} entries · {eta_formatted} left',
        hideCursor: true,
        clearOnComplete: true,
      },
      cliProgress.Presets.shades_classic,
    )
    let started = false
    return {
      update(p) {
        if (!started) {
          bar.start(p.walletsTotal, 0, { entries: 0 })
          started = true
        }
        bar.setTotal(p.walletsTotal)
        bar.update(p.walletsDone, { entries: p.entriesChecked })
      },
      stop: () => {
        if (started) bar.stop()
      },
    }
  }
  let lastAt = 0
  let last: ReconcileProgress | undefined
  const line = (p: ReconcileProgress) =>
    stream.write(`reconcile: ${p.walletsDone}/${p.walletsTotal} wallets, ${p.entriesChecked} entries checked\n`)
  return {
    update(p) {
      last = p
      const now = Date.now()
      if (now - lastAt < LINE_EVERY_MS) return
      lastAt = now
      line(p)
      last = undefined
    },
    stop() {
      if (last) line(last)
    },
  }
}
