import { type EngineReturnType, isLoyaltyError } from '@loyaltykit/engine'
import type { CommandIo } from '../cli/command'
import { withDataRuntime } from '../cli/with-data-runtime'

/** What `checkData` found; `ok` when every check passed. */
export type DataCheckReport = {
  ok: boolean
  /** Migrations applied, pending (applied at the next start) and unknown to this version (a failure). */
  migrations: { applied: number; pending: string[]; unknown: string[] }
  /** Brands whose stored secret the master key decrypted, of all brands. */
  masterKey: { brands: number; decrypted: number; problem: string | null }
  /** The chain as opened (the embedded chain replays its journal, checking every block and state root). */
  chain: { chainId: number; problem: string | null }
  /** `loyaltykit reconcile` over every wallet (null when the chain could not be read). */
  ledger:
    | (Pick<
        EngineReturnType<'ledger', 'reconcile'>,
        'ok' | 'blockNumber' | 'wallets' | 'entriesChecked' | 'settlingEntries'
      > & {
        balanceDrifts: number
        entryDrifts: number
      })
    | null
}

const message = (e: unknown) => (isLoyaltyError(e) || e instanceof Error ? e.message : String(e))

/**
 * Checks a database (restored, or about to be trusted) as `io.config` names it: its migrations are
 * ones this version knows; the master key decrypts every brand's stored secret; then, with the chain
 * opened (the embedded chain replays its journal block by block, checking the recorded state roots),
 * the ledger reconciles with the chain (every balance, every confirmed entry). Applies no migration.
 * With the embedded chain, nothing else may use the data folder meanwhile (its chain lock).
 */
export async function checkData(io: CommandIo): Promise<DataCheckReport> {
  const { migrations, masterKey } = await withDataRuntime(
    io,
    async (rt) => {
      const status = await rt.engine.migrations.status()
      const brands = await rt.engine.brands.list({})
      let decrypted = 0
      let problem: string | null = null
      for (const brand of brands) {
        try {
          await rt.engine.brands.getSecurityKey({ brandId: brand.id })
          decrypted++
        } catch (e) {
          problem = `the master key does not decrypt the secret of brand ${brand.id} (${message(e)}): it is not this database's key`
          break
        }
      }
      return {
        migrations: {
          applied: status.migrations.length - status.pending.length,
          pending: status.pending,
          unknown: status.unknown.map((m) => m.name),
        },
        masterKey: { brands: brands.length, decrypted, problem },
      }
    },
    { migrate: false },
  )
  let ledger: DataCheckReport['ledger'] = null
  let chain: DataCheckReport['chain'] = { chainId: 0, problem: 'not opened (the checks above failed)' }
  if (migrations.unknown.length === 0 && masterKey.problem === null) {
    try {
      await withDataRuntime(
        io,
        async (rt) => {
          chain = { chainId: rt.chain?.chainId ?? 0, problem: null }
          const r = await rt.engine.ledger.reconcile({})
          ledger = {
            ok: r.ok,
            blockNumber: r.blockNumber,
            wallets: r.wallets,
            entriesChecked: r.entriesChecked,
            settlingEntries: r.settlingEntries,
            balanceDrifts: r.balanceDrifts.length,
            entryDrifts: r.entryDrifts.length,
          }
        },
        { withChain: true, migrate: false },
      )
    } catch (e) {
      chain = { chainId: chain.chainId, problem: message(e) }
    }
  }
  const done = ledger as DataCheckReport['ledger']
  return {
    ok: migrations.unknown.length === 0 && masterKey.problem === null && chain.problem === null && done?.ok === true,
    migrations,
    masterKey,
    chain,
    ledger: done,
  }
}
