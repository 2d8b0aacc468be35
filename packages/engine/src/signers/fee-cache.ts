import type { PublicClient } from 'viem'
import { type Eip1559Fees, feesWithinCaps } from '../chain/fees-within-caps'
import type { GasCaps } from '../ports/chain'
import type { Clock } from '../ports/clock'

export type FeeCache = {
  /** EIP-1559 fees within the caps (`feesWithinCaps`), asked of the node at most once per `maxAgeMs`. Throws GasCapExceededError. */
  fees(): Promise<Eip1559Fees>
  /** Forget the cached fees (a node said they are too low). */
  invalidate(): void
}

/** The fee cache of one signer (minter, clawback worker, relay sender): one block and fee-history read per second at most. */
export function createFeeCache(p: { client: PublicClient; caps: GasCaps; clock: Clock; maxAgeMs?: number }): FeeCache {
  const maxAgeMs = p.maxAgeMs ?? 1_000
  let cached: { at: number; fees: Eip1559Fees } | undefined
  return {
    async fees() {
      const now = p.clock.now()
      if (cached && now - cached.at < maxAgeMs) return cached.fees
      const fees = await feesWithinCaps(p.client, p.caps)
      cached = { at: now, fees }
      return fees
    },
    invalidate() {
      cached = undefined
    },
  }
}
