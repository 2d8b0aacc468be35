import { ConfigError, DEFAULT_MAX_FEE_PER_GAS, DEFAULT_MAX_GAS, type GasCaps } from '@loyaltykit/engine'
import { parseGwei } from 'viem'

/**
 * Server-wide signing caps from the environment:
 * - LOYALTYKIT_MAX_FEE_PER_GAS_GWEI (default 100): highest maxFeePerGas / gasPrice signed.
 * - LOYALTYKIT_MAX_GAS (default 16000000, at most 16777216): highest gas limit of one transaction.
 */
export function gasCapsFromEnv(env: Readonly<Record<string, string | undefined>>): GasCaps {
  const fee = env.LOYALTYKIT_MAX_FEE_PER_GAS_GWEI?.trim()
  const gas = env.LOYALTYKIT_MAX_GAS?.trim()
  let maxFeePerGas = DEFAULT_MAX_FEE_PER_GAS
  let maxGas = DEFAULT_MAX_GAS
  if (fee) {
    if (!/^\d+(\.\d{1,9})?$/.test(fee) || parseGwei(fee) <= 0n) {
      throw new ConfigError(
        'invalid configuration: LOYALTYKIT_MAX_FEE_PER_GAS_GWEI must be a positive number of gwei',
        {
          variables: ['LOYALTYKIT_MAX_FEE_PER_GAS_GWEI'],
        },
      )
    }
    maxFeePerGas = parseGwei(fee)
  }
  if (gas) {
    if (!/^\d+$/.test(gas) || BigInt(gas) < 21_000n || BigInt(gas) > 16_777_216n) {
      throw new ConfigError('invalid configuration: LOYALTYKIT_MAX_GAS must be an integer from 21000 to 16777216', {
        variables: ['LOYALTYKIT_MAX_GAS'],
      })
    }
    maxGas = BigInt(gas)
  }
  return { maxFeePerGas, maxGas }
}
