import type { Command } from '../command'
import { UsageError } from '../usage-error'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const PATH = ['payments', 'refunds']
const STATUSES = ['awaiting_payment', 'pending', 'signed', 'confirmed'] as const

export const paymentsRefundsCommand: Command = {
  path: PATH,
  summary: 'The refund ledger: tokens clawed back per refund, and shortfalls',
  help: `[--brand ID] [--status STATUS] [--shortfall] [--limit N] [--json]

Every refund of a points purchase (Stripe charge.refunded), the tokens it claws back from the
user's custodial wallet, what was burned and the shortfall where the user had already spent them.

Options:
  --brand ID        Only refunds of this brand
  --status STATUS   awaiting_payment | pending | signed | confirmed
  --shortfall       Only confirmed refunds that could not claw back everything
  --limit N         At most N rows, newest first (default 100)
  --json            Print the rows as a JSON array
  -h, --help        Show this help`,
  options: {
    brand: { type: 'string' },
    status: { type: 'string' },
    shortfall: { type: 'boolean' },
    limit: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    const status = values.status as string | undefined
    if (status !== undefined && !(STATUSES as readonly string[]).includes(status)) {
      throw new UsageError(`--status must be one of ${STATUSES.join(', ')}`, PATH)
    }
    const limit = values.limit === undefined ? 100 : Number(values.limit)
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be 1 to 1000', PATH)
    const rows = await withDataRuntime(io, (rt) =>
      rt.engine.payments.listRefunds({
        ...(typeof values.brand === 'string' ? { brandId: values.brand.toLowerCase() } : {}),
        ...(status ? { status: status as (typeof STATUSES)[number] } : {}),
        shortfallOnly: values.shortfall === true,
        limit,
      }),
    )
    if (values.json) {
      writeJson(io.stdout, rows)
      return 0
    }
    if (rows.length === 0) {
      io.stdout.write('No refunds.\n')
      return 0
    }
    for (const r of rows) {
      const burned = r.clawedBack === null ? '' : `  clawed back ${r.clawedBack}`
      const short = r.shortfall !== null && r.shortfall !== '0' ? `  SHORTFALL ${r.shortfall}` : ''
      io.stdout.write(
        `${r.refundId}  ${(r.refundCents / 100).toFixed(2)} ${r.currency.toUpperCase()}  ${r.status}  tokens ${r.tokenAmount ?? '?'}${burned}${short}  ${r.walletAddress ?? ''}\n`,
      )
    }
    return 0
  },
}
