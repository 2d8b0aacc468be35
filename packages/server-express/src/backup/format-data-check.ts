import type { DataCheckReport } from './check-data'

/** The human lines of a data check (`loyaltykit backup check`, the end of `loyaltykit restore`). */
export function formatDataCheck(r: DataCheckReport): string {
  const m = r.migrations
  const lines = [
    `  migrations   ${m.applied} applied${m.pending.length > 0 ? `, ${m.pending.length} pending (applied at the next start)` : ''}${m.unknown.length > 0 ? `; PROBLEM: ${m.unknown.length} unknown to this version (${m.unknown.join(', ')}): upgrade loyaltykit` : ''}`,
    r.masterKey.problem
      ? `  master key   PROBLEM: ${r.masterKey.problem}`
      : `  master key   decrypts the secrets of ${r.masterKey.decrypted} of ${r.masterKey.brands} brands`,
    r.chain.problem
      ? `  chain        PROBLEM: ${r.chain.problem}`
      : `  chain        ${r.chain.chainId} opened${r.ledger ? ` at block ${r.ledger.blockNumber}` : ''}`,
  ]
  if (r.ledger) {
    const l = r.ledger
    lines.push(
      l.ok
        ? `  ledger       ${l.wallets} wallets and ${l.entriesChecked} confirmed entries agree with the chain (loyaltykit reconcile: no drift)`
        : `  ledger       PROBLEM: ${l.balanceDrifts} balance drift(s), ${l.entryDrifts} entry drift(s): run \`loyaltykit reconcile\` for the list`,
    )
  }
  lines.push(r.ok ? 'Check passed.' : 'Check FAILED.')
  return `${lines.join('\n')}\n`
}
