import type { EngineReturnType } from '@loyaltykit/engine'
import { formatUnits } from 'viem'
import type { Command } from '../command'
import { formatTable } from '../format-table'
import { reconcileProgress } from '../reconcile-progress'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const tokens = (wei: string) => formatUnits(BigInt(wei), 18)
const signed = (wei: string) => (BigInt(wei) > 0n ? `+${tokens(wei)}` : tokens(wei))

/** The human report: what was compared, then every drift. */
function formatReport(r: EngineReturnType<'ledger', 'reconcile'>): string {
  const scope = r.brandId ? `wallets of brand ${r.brandId}` : 'every wallet'
  const settling =
    r.settlingEntries > 0
      ? ` ${r.settlingEntries} pending mint entries are mined and await the minter's settlement.`
      : ''
  const head = `Reconciled ${r.wallets} wallets (${scope}) and ${r.entriesChecked} confirmed entries with chain ${r.chainId} at block ${r.blockNumber} (token ${r.token}).${settling}\n`
  if (r.ok) return `${head}No drift.\n`
  let out = `${head}DRIFT: ${r.balanceDrifts.length} wallet(s) whose balance is not their ledger sum, ${r.entryDrifts.length} entr${r.entryDrifts.length === 1 ? 'y' : 'ies'} their transaction does not show.\n`
  if (r.balanceDrifts.length > 0) {
    out += `\n${formatTable([
      ['wallet', 'ledger', 'chain', 'difference', 'unconfirmed'],
      ...r.balanceDrifts.map((d) => [
        d.walletAddress,
        tokens(d.ledgerWei),
        tokens(d.chainWei),
        signed(d.differenceWei),
        tokens(d.unconfirmedWei),
      ]),
    ])}`
  }
  if (r.entryDrifts.length > 0) {
    out += `\n${formatTable([
      ['entry', 'kind', 'wallet', 'transaction', 'log', 'problem'],
      ...r.entryDrifts.map((d) => [
        d.entryId,
        d.kind,
        d.walletAddress,
        d.txHash ?? '-',
        d.logIndex === null ? '-' : String(d.logIndex),
        d.problem,
      ]),
    ])}`
  }
  return out
}

export const reconcileCommand: Command = {
  path: ['reconcile'],
  summary: 'Check the ledger against the chain: balances and every confirmed entry; exit 1 on drift',
  help: `[--brand ID] [--json]

For every wallet in the ledger (or every wallet with an entry at the brand), compares the sum of its
confirmed ledger entries (all brands) with the points token's balanceOf, at one block; and checks
every confirmed entry against its transaction: the Transfer log at its log index moves that amount
for that wallet (and, for a mint, in a transaction that minted its batch id). Lists every drift and
exits 1 when there is one, 0 when the books and the chain agree.
Needs the chain: with the embedded dev chain, run it while the server is stopped (or against
\`loyaltykit chain serve\`); with LOYALTYKIT_RPC_URL, any time.

Options:
  --brand ID   Only the wallets with an entry at this brand
  --json       Print the report as JSON (no progress)
  -h, --help   Show this help`,
  options: {
    brand: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    const json = values.json === true
    const progress = json ? undefined : reconcileProgress(io.stdout)
    const report = await withDataRuntime(
      io,
      async (rt) => {
        try {
          return await rt.engine.ledger.reconcile(
            typeof values.brand === 'string' ? { brandId: values.brand.toLowerCase() } : {},
            progress ? { onProgress: (p) => progress.update(p) } : {},
          )
        } finally {
          progress?.stop()
        }
      },
      { withChain: true },
    )
    if (json) writeJson(io.stdout, report)
    else io.stdout.write(formatReport(report))
    return report.ok ? 0 : 1
  },
}
