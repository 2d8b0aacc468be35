import type { ChainPort } from '../ports/chain'

/**
 * `<explorer>/tx/<hash>` when the chain has a block explorer configured (`LOYALTYKIT_EXPLORER_URL`)
 * and there is a transaction; null otherwise. Trailing slashes of the base are dropped.
 */
export function explorerTxUrl(chain: Pick<ChainPort, 'explorerUrl'> | undefined, txHash: string | null): string | null {
  const explorer = chain?.explorerUrl?.replace(/\/+$/, '')
  return explorer && txHash ? `${explorer}/tx/${txHash}` : null
}
