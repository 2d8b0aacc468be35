import { CLAWBACK_ROLE, pointsTokenAbi } from '@loyaltykit/contracts'
import {
  type ClawbackWorker,
  createClawbackWorker,
  createLocalPaymentProvider,
  type Engine,
  type Logger,
  type PaymentProvider,
} from '@loyaltykit/engine'
import type { PaymentConfig } from '../config/payments-section'
import type { PaymentRoutesOptions } from './payment-routes'
import { createStripePaymentProvider } from './stripe-payment-provider'

export type StartedPayments = {
  /** What createApp's `payments` option takes. */
  routes: PaymentRoutesOptions
  provider: PaymentProvider | undefined
  /** The refund clawback worker of this process (undefined without a chain or with LOYALTYKIT_CLAWBACKS=false). */
  clawbacks: ClawbackWorker | undefined
  stop(): Promise<void>
}

/**
 * Payments of a server process: the provider (Stripe, the local provider, or none) and the refund
 * clawback worker. With Stripe on a chain whose clawback signer (the relayer) lacks CLAWBACK_ROLE,
 * warns: refunds would be recorded but never clawed back. Stop it before closing the runtime.
 */
export async function startPayments(
  runtime: { engine: Engine },
  config: PaymentConfig,
  options: { mintWaitMs: number; logger: Logger; publicUrl?: string | undefined },
): Promise<StartedPayments> {
  const { engine } = runtime
  const { logger } = options
  const provider: PaymentProvider | undefined =
    config.provider === 'stripe'
      ? createStripePaymentProvider({ secretKey: config.secretKey, webhookSecret: config.webhookSecret })
      : config.provider === 'local'
        ? createLocalPaymentProvider({
            stores: engine.ctx.storage,
            ...(options.publicUrl
              ? { checkoutUrl: (id: string) => `${options.publicUrl}/loyalty-api/dev-checkout/${id}` }
              : {}),
          })
        : undefined
  logger.info({ provider: provider?.name ?? 'disabled' }, 'payments configured')

  const chain = engine.ctx.chain
  let clawbacks: ClawbackWorker | undefined
  if (chain && config.clawbacks) {
    if (config.provider === 'stripe') {
      const allowed = await chain.publicClient
        .readContract({
          address: chain.contracts.pointsToken,
          abi: pointsTokenAbi,
          functionName: 'hasRole',
          args: [CLAWBACK_ROLE, chain.relayer.address],
        })
        .catch(() => undefined)
      if (allowed === false) {
        logger.warn(
          { signer: chain.relayer.address },
          'the relayer account lacks CLAWBACK_ROLE on the points token: refunds will be recorded but not clawed back',
        )
      }
    }
    clawbacks = createClawbackWorker(engine.ctx)
    clawbacks.start()
  }
  return {
    routes: { provider, mintWaitMs: options.mintWaitMs },
    provider,
    clawbacks,
    async stop() {
      await clawbacks?.stop()
    },
  }
}
