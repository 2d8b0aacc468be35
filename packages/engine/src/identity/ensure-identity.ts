import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import type { CreatedIdentity, ProviderAccount } from '../ports/identity-provider'
import type { IdentityAccount } from '../ports/identity-store'
import type { Stores } from '../ports/storage'
import { walletOwnerKey } from '../wallets/wallet-owner-key'
import { identityProviderOf } from './identity-provider-of'
import { walletOwnerOf } from './wallet-owner-of'

export type EnsureIdentityOptions = {
  /** Stored with a NEW identity (e.g. the OAuth username). */
  username?: string | null
  /** Runs inside the transaction that records a new identity (e.g. the pregeneration event). */
  onCreated?: (tx: Stores, identity: CreatedIdentity) => Promise<void>
  /** How long a caller waits for another caller's creation of the same account; default 15000 ms. */
  waitMs?: number
  /** A claim older than this is taken over (its holder died); default 60000 ms. */
  staleClaimMs?: number
}

export type EnsureIdentityReturnType = {
  userId: string
  /** Lowercase 0x address. */
  walletAddress: string
  /** Provider that created the identity (`local`, `privy`). */
  provider: string
  /** Whether this server holds the wallet's key. */
  custodial: boolean
  /** True only for the one call that created the identity. */
  created: boolean
  /** True only when that call also created the wallet (a linked account reuses one). */
  walletCreated: boolean
}

function answer(a: IdentityAccount, created = false, walletCreated = false): EnsureIdentityReturnType {
  return {
    userId: a.userId as string,
    walletAddress: a.walletAddress as string,
    provider: a.provider as string,
    custodial: a.walletOwnerKey !== null,
    created,
    walletCreated,
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Get-or-create the identity (user id + wallet) of an account, through the engine's identity provider.
 * Concurrent calls for one account (across server processes too) create it once: the caller that
 * claims the account in storage calls the provider, the others wait for its answer (bounded by
 * `waitMs`, then UnavailableError IDENTITY_BUSY). A failed creation releases the claim so that a later
 * call retries; a claim whose holder died is taken over after `staleClaimMs`.
 */
export async function ensureIdentity(
  ctx: EngineContext,
  account: ProviderAccount,
  options: EnsureIdentityOptions = {},
): Promise<EnsureIdentityReturnType> {
  const ownerKey = walletOwnerKey(walletOwnerOf(account))
  const deadline = Date.now() + (options.waitMs ?? 15_000)
  const staleClaimMs = options.staleClaimMs ?? 60_000
  const { identities } = ctx.storage
  let pause = 5
  for (;;) {
    const existing = await identities.findAccount(ownerKey)
    if (existing?.status === 'ready') return answer(existing)
    const claimToken = ctx.ids.uuid()
    const now = ctx.clock.now()
    const claim = await identities.claimAccount({ ownerKey, claimToken, now, staleBefore: now - staleClaimMs })
    if (claim === 'claimed') return create(ctx, account, ownerKey, claimToken, options)
    if (claim === 'busy') {
      if (Date.now() > deadline) {
        throw new UnavailableError('Another request is still creating this identity; retry shortly', 'IDENTITY_BUSY')
      }
      await sleep(pause)
      pause = Math.min(pause * 2, 100)
    }
  }
}

async function create(
  ctx: EngineContext,
  account: ProviderAccount,
  ownerKey: string,
  claimToken: string,
  options: EnsureIdentityOptions,
): Promise<EnsureIdentityReturnType> {
  const provider = identityProviderOf(ctx)
  const release = () => ctx.storage.identities.releaseClaim({ ownerKey, claimToken }).catch(() => {})
  let created: CreatedIdentity
  try {
    created = await provider.createUser(account)
  } catch (e) {
    await release()
    throw e
  }
  const identity = {
    userId: created.userId,
    provider: provider.name,
    walletAddress: created.walletAddress.toLowerCase(),
    walletOwnerKey: created.walletOwnerKey,
    username: options.username ?? null,
  }
  let completed: boolean
  try {
    completed = await ctx.storage.transaction(async (tx) => {
      const ok = await tx.identities.completeAccount({ ownerKey, claimToken, identity, now: ctx.clock.now() })
      if (ok && options.onCreated) await options.onCreated(tx, created)
      return ok
    })
  } catch (e) {
    await release()
    throw e
  }
  if (!completed) {
    // Our claim was taken over as stale while the provider answered: the account holds the winner's identity.
    const stored = await ctx.storage.identities.findAccount(ownerKey)
    if (stored?.status === 'ready') return answer(stored)
    throw new UnavailableError('The identity was being created twice; retry shortly', 'IDENTITY_BUSY')
  }
  ctx.logger.info({ userId: identity.userId, provider: identity.provider }, 'identity created')
  return {
    userId: identity.userId,
    walletAddress: identity.walletAddress,
    provider: identity.provider,
    custodial: identity.walletOwnerKey !== null,
    created: true,
    walletCreated: created.walletCreated,
  }
}
