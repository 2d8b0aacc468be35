import {
  type ClawbackWorker,
  createLocalPaymentProvider,
  type Engine,
  type Logger,
  type PaymentProvider,
  type Storage,
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
  runtime: { engine: Engine; storage: Storage },
  config: PaymentConfig,
  options: { mintWaitMs: number; logger: Logger; publicUrl?: string | undefined },
): Promise<StartedPayments> {
  const { engine, storage } = runtime
  const { logger } = options
  const provider: PaymentProvider | undefined =
    config.provider === 'stripe'
      ? createStripePaymentProvider({ secretKey: config.secretKey, webhookSecret: config.webhookSecret })
      : config.provider === 'local'
        ? createLocalPaymentProvider({
            stores: storage,
            ...(options.publicUrl
              ? { checkoutUrl: (id: string) => `${options.publicUrl}/loyalty-api/dev-checkout/${id}` }
              : {}),
          })
        : undefined
  logger.info({ provider: provider?.name ?? 'disabled' }, 'payments configured')

  let clawbacks: ClawbackWorker | undefined
  const signer = config.clawbacks ? await engine.payments.getClawbackSigner() : undefined
  if (signer) {
    if (config.provider === 'stripe' && signer.hasClawbackRole === false) {
      logger.warn(
        { signer: signer.address },
        'the relayer account lacks CLAWBACK_ROLE on the points token: refunds will be recorded but not clawed back',
      )
    }
    clawbacks = engine.payments.createClawbackWorker()
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
