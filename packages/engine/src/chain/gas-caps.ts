import type { TransactionSerializable } from 'viem'
import { LoyaltyError } from '../errors/loyalty-error'
import type { GasCaps } from '../ports/chain'

/** 100 gwei (the spec's relayer ceiling), applied to every transaction the server signs by default. */
export const DEFAULT_MAX_FEE_PER_GAS = 100_000_000_000n
/** Just under EIP-7825's 16,777,216 per-transaction gas cap (Osaka). */
export const DEFAULT_MAX_GAS = 16_000_000n

export const defaultGasCaps: GasCaps = { maxFeePerGas: DEFAULT_MAX_FEE_PER_GAS, maxGas: DEFAULT_MAX_GAS }

/** A transaction was refused before signing because its gas or fee is over a configured cap. */
export class GasCapExceededError extends LoyaltyError {
  override name = 'GasCapExceededError'
  constructor(
    message: string,
    code: 'GAS_PRICE_CAP_EXCEEDED' | 'GAS_LIMIT_CAP_EXCEEDED' | 'GAS_LIMIT_MISSING',
    details: Record<string, string>,
  ) {
    super(message, { code, category: 'unavailable', details })
  }
}

/**
 * Throws GasCapExceededError unless the transaction states a gas limit within `caps.maxGas` and a
 * fee per gas (EIP-1559 `maxFeePerGas`, or legacy/EIP-2930 `gasPrice`) within `caps.maxFeePerGas`.
 * Call it on the exact object about to be signed; `withGasCaps` does so for every signature.
 */
export function assertWithinGasCaps(
  tx: Pick<TransactionSerializable, 'gas' | 'gasPrice' | 'maxFeePerGas'>,
  caps: GasCaps,
): void {
  if (tx.gas === undefined) {
    throw new GasCapExceededError('refusing to sign a transaction without an explicit gas limit', 'GAS_LIMIT_MISSING', {
      maxGas: caps.maxGas.toString(),
    })
  }
  if (tx.gas > caps.maxGas) {
    throw new GasCapExceededError(`gas limit ${tx.gas} is over the cap of ${caps.maxGas}`, 'GAS_LIMIT_CAP_EXCEEDED', {
      gas: tx.gas.toString(),
      maxGas: caps.maxGas.toString(),
    })
  }
  const fee = tx.maxFeePerGas ?? tx.gasPrice
  if (fee === undefined || fee > caps.maxFeePerGas) {
    throw new GasCapExceededError(
      fee === undefined
        ? 'refusing to sign a transaction without an explicit fee per gas'
        : `fee per gas ${fee} wei is over the cap of ${caps.maxFeePerGas} wei`,
      'GAS_PRICE_CAP_EXCEEDED',
      { feePerGas: String(fee ?? 'missing'), maxFeePerGas: caps.maxFeePerGas.toString() },
    )
  }
}
