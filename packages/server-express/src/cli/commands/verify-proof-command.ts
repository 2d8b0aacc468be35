import type { EngineParameters, EngineReturnType } from '@loyaltykit/engine'
import { formatUnits } from 'viem'
import type { Command } from '../command'
import { UsageError } from '../usage-error'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

type Kind = EngineParameters<'proofs', 'verify'>['kind']

const TITLES: Record<Kind, string> = { event: 'Event', payment: 'Payment', redemption: 'Redemption' }

/** The human report: one line saying whether the chain shows the proof, then where it looked. */
function formatVerification(r: EngineReturnType<'proofs', 'verify'>): string {
  const head = `${TITLES[r.kind]} ${r.id}`
  if (!r.ok) return `${head}: NOT VERIFIED: ${r.problem}\n`
  const tokens = formatUnits(BigInt(r.amountWei), 18)
  const moved =
    r.amount < 0 ? `${tokens.slice(1)} tokens from ${r.walletAddress}` : `${tokens} tokens to ${r.walletAddress}`
  const log = r.logIndex === null ? 'no Transfer (nothing to pay)' : `log ${r.logIndex} pays ${moved}`
  const batch = r.batchId ? ` under batch ${r.batchId}` : ''
  return `${head}: verified on chain ${r.chainId}: transaction ${r.transactionHash} in block ${r.blockNumber}, ${log}${batch} (token ${r.tokenAddress}).\n`
}

/** `loyaltykit verify-event|verify-payment|verify-redemption ID [--json]`: the three differ only in what ID names. */
export function verifyProofCommand(p: { kind: Kind; idName: string; summary: string; description: string }): Command {
  const path = [`verify-${p.kind}`]
  return {
    path,
    summary: p.summary,
    help: `${p.idName} [--json]

${p.description}
Exit 0 only when the chain shows it; 1 when it does not (the line says what differs), when the
${p.kind} is unknown or its proof is not confirmed yet. Needs the chain: with the embedded dev chain,
run it while the server is stopped (or against \`loyaltykit chain serve\`); with LOYALTYKIT_RPC_URL,
any time.

Options:
  --json       Print { ok, kind, id, problem, status, walletAddress, amount, amountWei, batchId,
               transactionHash, blockNumber, logIndex, chainId, tokenAddress, explorerUrl,
               confirmedAt } as JSON
  -h, --help   Show this help`,
    options: { json: { type: 'boolean' } },
    allowPositionals: true,
    async run({ values, positionals, io }) {
      if (positionals.length !== 1 || !positionals[0]) throw new UsageError(`expected exactly one ${p.idName}`, path)
      const id = positionals[0]
      const report = await withDataRuntime(io, (rt) => rt.engine.proofs.verify({ kind: p.kind, id }), {
        withChain: true,
      })
      if (values.json) writeJson(io.stdout, report)
      else io.stdout.write(formatVerification(report))
      return report.ok ? 0 : 1
    },
  }
}
