import { createApiKey } from './brands/create-api-key'
import { createBrand } from './brands/create-brand'
import { getBrand } from './brands/get-brand'
import { getBrandSecurityKey } from './brands/get-brand-security-key'
import { listApiKeys } from './brands/list-api-keys'
import { listBrands } from './brands/list-brands'
import { revokeApiKey } from './brands/revoke-api-key'
import { rotateSecurityKey } from './brands/rotate-security-key'
import { setBrandWebsites } from './brands/set-brand-websites'
import { verifyApiKey } from './brands/verify-api-key'
import { checkPurchaseConstraint } from './constraints/check-purchase-constraint'
import type { ConstraintCheckOptions } from './constraints/constraint-check-options'
import { invalidateConstraintCache } from './constraints/invalidate-constraint-cache'
import { listPerkConstraints } from './constraints/list-perk-constraints'
import { removePerkConstraint } from './constraints/remove-perk-constraint'
import { setPerkConstraint } from './constraints/set-perk-constraint'
import type { EngineContext } from './context'
import { devLogin } from './identity/dev-login'
import type { IdentityServices } from './identity/identity-services'
import { linkIdentities } from './identity/link-identities'
import { signUserTypedData } from './identity/sign-user-typed-data'
import { verifyAccessToken } from './identity/verify-access-token'
import { getMigrationStatus } from './migrations/get-migration-status'
import { createMinter } from './minting/create-minter'
import { type EnqueueMintParameters, enqueueMint } from './minting/enqueue-mint'
import { type GetMintJobParameters, getMintJob } from './minting/get-mint-job'
import type { MinterOptions } from './minting/minter-options'
import { type WaitForMintOptions, waitForMint } from './minting/wait-for-mint'
import { createPerk } from './perks/create-perk'
import { getPerkStatus } from './perks/get-perk-status'
import { listPerkHolders } from './perks/list-perk-holders'
import { listPerks } from './perks/list-perks'
import { redeemPerkCharges } from './perks/redeem-perk-charges'
import { verifyBrandSignature } from './perks/verify-brand-signature'
import type { ChainPort } from './ports/chain'
import { type Clock, systemClock } from './ports/clock'
import { type Ids, randomIds } from './ports/ids'
import type { KeyVault } from './ports/key-vault'
import { type Logger, silentLogger } from './ports/logger'
import type { Storage } from './ports/storage'
import type { WalletOwner } from './ports/wallet-store'
import { type PregenerateUserOptions, pregenerateUser } from './pregeneration/pregenerate-user'
import { getRelayGasUsage } from './relay/get-relay-gas-usage'
import { hitRelayIpLimit } from './relay/hit-relay-ip-limit'
import { type RelayParameters, relay } from './relay/relay'
import type { RelayOptions } from './relay/relay-options'
import type { RelaySender } from './relay/relay-sender'
import { listRules } from './rules/list-rules'
import { setRule } from './rules/set-rule'
import { findWalletByOwner } from './wallets/find-wallet-by-owner'
import { getOrCreateWallet } from './wallets/get-or-create-wallet'
import { loadWalletAccount } from './wallets/load-wallet-account'
import { createWebhookDispatcher } from './webhooks/create-webhook-dispatcher'
import { getWebhookEndpoint } from './webhooks/get-webhook-endpoint'
import { listWebhookDeliveries } from './webhooks/list-webhook-deliveries'
import { redeliverWebhook } from './webhooks/redeliver-webhook'
import { setWebhookEndpoint } from './webhooks/set-webhook-endpoint'
import { setWebhookEndpointEnabled } from './webhooks/set-webhook-endpoint-enabled'
import { triggerWebhook } from './webhooks/trigger-webhook'
import type { WebhookDispatcherOptions } from './webhooks/webhook-dispatcher-options'

export type CreateEngineParameters = {
  storage: Storage
  keyVault: KeyVault
  chain?: ChainPort
  /** The relayer's transaction pipeline for `chain` (`createRelaySender`); its owner starts and stops it. */
  relaySender?: RelaySender
  clock?: Clock
  ids?: Ids
  logger?: Logger
  /** Identity provider, access-token verifier, dev issuer (default: the local provider, no tokens). */
  identity?: IdentityServices
  /** External purchase-constraint checks (default DEFAULT_CONSTRAINT_CHECK_OPTIONS). */
  constraints?: Partial<ConstraintCheckOptions>
}

/** Binds the engine's operations to one context. Holds no logic of its own. */
export function createEngine(params: CreateEngineParameters) {
  const ctx: EngineContext = {
    storage: params.storage,
    keyVault: params.keyVault,
    chain: params.chain,
    ...(params.relaySender ? { relaySender: params.relaySender } : {}),
    clock: params.clock ?? systemClock,
    ids: params.ids ?? randomIds,
    logger: params.logger ?? silentLogger,
    ...(params.identity ? { identity: params.identity } : {}),
    ...(params.constraints ? { constraints: params.constraints } : {}),
  }
  return {
    ctx,
    mint: {
      /** Enqueues in its own transaction; inside a caller's transaction use `enqueueMint(tx, …)`. */
      enqueue: (p: EnqueueMintParameters) => ctx.storage.transaction((tx) => enqueueMint(tx, p, ctx)),
      get: (p: GetMintJobParameters) => getMintJob(ctx, p),
      wait: (jobId: string, options: WaitForMintOptions) => waitForMint(ctx, jobId, options),
      createMinter: (options?: MinterOptions) => createMinter(ctx, options),
    },
    brands: {
      create: (p: Parameters<typeof createBrand>[1]) => createBrand(ctx, p),
      get: (p: Parameters<typeof getBrand>[1]) => getBrand(ctx, p),
      list: () => listBrands(ctx),
      setWebsites: (p: Parameters<typeof setBrandWebsites>[1]) => setBrandWebsites(ctx, p),
      rotateSecurityKey: (p: Parameters<typeof rotateSecurityKey>[1]) => rotateSecurityKey(ctx, p),
      getSecurityKey: (p: Parameters<typeof getBrandSecurityKey>[1]) => getBrandSecurityKey(ctx, p),
    },
    apiKeys: {
      create: (p: Parameters<typeof createApiKey>[1]) => createApiKey(ctx, p),
      list: (p: Parameters<typeof listApiKeys>[1]) => listApiKeys(ctx, p),
      revoke: (p: Parameters<typeof revokeApiKey>[1]) => revokeApiKey(ctx, p),
      verify: (p: Parameters<typeof verifyApiKey>[1]) => verifyApiKey(ctx, p),
    },
    rules: {
      set: (p: Parameters<typeof setRule>[1]) => setRule(ctx, p),
      list: (p: Parameters<typeof listRules>[1]) => listRules(ctx, p),
    },
    wallets: {
      getOrCreate: (owner: WalletOwner) => getOrCreateWallet(ctx, owner),
      findByOwner: (owner: WalletOwner) => findWalletByOwner(ctx, owner),
      loadAccount: (address: string) => loadWalletAccount(ctx, address),
    },
    relay: {
      relay: (p: RelayParameters, options?: RelayOptions) => relay(ctx, p, options),
      gasUsage: (p: Parameters<typeof getRelayGasUsage>[1]) => getRelayGasUsage(ctx, p),
      hitIpLimit: (p: Parameters<typeof hitRelayIpLimit>[1]) => hitRelayIpLimit(ctx, p),
    },
    perks: {
      create: (p: Parameters<typeof createPerk>[1]) => createPerk(ctx, p),
      list: (p: Parameters<typeof listPerks>[1]) => listPerks(ctx, p),
      verifyBrandSignature: (p: Parameters<typeof verifyBrandSignature>[1]) => verifyBrandSignature(ctx, p),
      redeemCharges: (auth: { brandId: string }, p: Parameters<typeof redeemPerkCharges>[2]) =>
        redeemPerkCharges(ctx, auth, p),
      status: (auth: { brandId: string }, p: Parameters<typeof getPerkStatus>[2]) => getPerkStatus(ctx, auth, p),
      holders: (auth: { brandId: string }, p: Parameters<typeof listPerkHolders>[2]) => listPerkHolders(ctx, auth, p),
    },
    webhooks: {
      setEndpoint: (p: Parameters<typeof setWebhookEndpoint>[1]) => setWebhookEndpoint(ctx, p),
      setEndpointEnabled: (p: Parameters<typeof setWebhookEndpointEnabled>[1]) => setWebhookEndpointEnabled(ctx, p),
      getEndpoint: (p: Parameters<typeof getWebhookEndpoint>[1]) => getWebhookEndpoint(ctx, p),
      listDeliveries: (p: Parameters<typeof listWebhookDeliveries>[1]) => listWebhookDeliveries(ctx, p),
      redeliver: (p: Parameters<typeof redeliverWebhook>[1]) => redeliverWebhook(ctx, p),
      trigger: (p: Parameters<typeof triggerWebhook>[1], options?: Parameters<typeof triggerWebhook>[2]) =>
        triggerWebhook(ctx, p, options),
      createDispatcher: (options?: WebhookDispatcherOptions) => createWebhookDispatcher(ctx, options),
    },
    migrations: {
      status: (p?: Parameters<typeof getMigrationStatus>[1]) => getMigrationStatus(ctx, p),
    },
    identity: {
      pregenerate: (body: unknown, options?: PregenerateUserOptions) => pregenerateUser(ctx, body, options),
      devLogin: (p: Parameters<typeof devLogin>[1]) => devLogin(ctx, p),
      verifyAccessToken: (token: string) => verifyAccessToken(ctx, { token }),
      link: (p: Parameters<typeof linkIdentities>[1]) => linkIdentities(ctx, p),
      signTypedData: (p: Parameters<typeof signUserTypedData>[1]) => signUserTypedData(ctx, p),
    },
    constraints: {
      set: (p: Parameters<typeof setPerkConstraint>[1]) => setPerkConstraint(ctx, p),
      remove: (p: Parameters<typeof removePerkConstraint>[1]) => removePerkConstraint(ctx, p),
      list: (p: Parameters<typeof listPerkConstraints>[1]) => listPerkConstraints(ctx, p),
      check: (p: Parameters<typeof checkPurchaseConstraint>[1]) => checkPurchaseConstraint(ctx, p),
      invalidate: (body: unknown, scope?: { brandId?: string }) => invalidateConstraintCache(ctx, body, scope),
    },
  }
}

export type Engine = ReturnType<typeof createEngine>
