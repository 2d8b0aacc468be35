import { pointsTokenAbi } from '@loyaltykit/contracts'
import { z } from 'zod'
import { requireChain } from '../../chain/require-chain'
import { TOKEN_DECIMALS } from '../../minting/mint-amount'
import { TOKENS_PER_USD } from '../../payments/usd-amount'
import { defineAgentTool } from '../agent-tool'

const address = z.string()

/** #1 GET /network/info: the chain, the four contracts, the token and the exchange rate. */
export const networkInfoTool = defineAgentTool({
  name: 'loyalty_agent_network_info',
  title: 'Network info',
  description:
    'Chain configuration of the loyalty network: chain id and name, the points token, perk collection, points sale and business escrow contract addresses, the token symbol and decimals, and the exchange rate (tokens per USD).',
  method: 'GET',
  path: '/network/info',
  auth: 'public',
  group: 'discover',
  input: z.object({}),
  output: z.object({
    chainId: z.number().int(),
    chainName: z.string(),
    /** `embedded` (the in-process dev chain) or `rpc`. */
    chainKind: z.enum(['embedded', 'rpc']),
    explorerUrl: z.string().nullable(),
    contracts: z.object({
      pointsToken: address,
      perkCollection: address,
      pointsSale: address,
      businessEscrow: address,
    }),
    token: z.object({ symbol: z.string(), decimals: z.number().int() }),
    exchangeRates: z.object({ tokensPerUsd: z.number() }),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(ctx) {
    const chain = requireChain(ctx)
    const symbol = await chain.publicClient.readContract({
      address: chain.contracts.pointsToken,
      abi: pointsTokenAbi,
      functionName: 'symbol',
    })
    const c = chain.contracts
    return {
      chainId: chain.chainId,
      chainName: chain.kind === 'embedded' ? 'loyaltykit embedded dev chain' : `EVM chain ${chain.chainId}`,
      chainKind: chain.kind,
      explorerUrl: chain.explorerUrl ?? null,
      contracts: {
        pointsToken: c.pointsToken.toLowerCase(),
        perkCollection: c.perkCollection.toLowerCase(),
        pointsSale: c.pointsSale.toLowerCase(),
        businessEscrow: c.businessEscrow.toLowerCase(),
      },
      token: { symbol, decimals: TOKEN_DECIMALS },
      exchangeRates: { tokensPerUsd: TOKENS_PER_USD },
    }
  },
})
