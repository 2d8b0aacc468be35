import { z } from 'zod'
import type { EngineContext } from '../context'
import { ConflictError } from '../errors/common-errors'
import { parseInput } from '../errors/zod-issues'
import type { IdentityAccount } from '../ports/identity-store'
import { emailSchema } from '../schemas/email'
import { getOrCreateWallet } from '../wallets/get-or-create-wallet'
import { walletOwnerKey } from '../wallets/wallet-owner-key'
import { resolveWalletOwnerKey } from './resolve-wallet-owner-key'

export const linkIdentitiesParametersSchema = z.object({
  email: emailSchema,
  provider: z.string().trim().toLowerCase().min(1),
  userId: z.string().trim().min(1),
})

export type LinkIdentitiesParameters = z.input<typeof linkIdentitiesParametersSchema>

export type LinkIdentitiesReturnType = {
  /** False when the two accounts already shared a wallet. */
  linked: boolean
  userId: string
  /** The one wallet both accounts now use (lowercase 0x address). */
  walletAddress: string
}

/**
 * Links an email and an OAuth identity so that both use ONE custodial wallet and one user id. By
 * default they stay distinct (different providers give different wallets). At most one of the two may
 * already have a wallet: that wallet is kept (a wallet is permanently bound to its account and may
 * hold tokens, so two wallets are never merged: ConflictError IDENTITIES_HAVE_WALLETS). With no wallet
 * on either side, the email's wallet is created. Identities of a hosted provider cannot be linked here.
 */
export async function linkIdentities(
  ctx: EngineContext,
  params: LinkIdentitiesParameters,
): Promise<LinkIdentitiesReturnType> {
  const p = parseInput(linkIdentitiesParametersSchema, params, 'Invalid link request')
  const emailKey = walletOwnerKey({ kind: 'email', email: p.email })
  const oauthKey = walletOwnerKey({ kind: 'oauth', provider: p.provider, userId: p.userId })
  const result = await ctx.storage.transaction(async (tx) => {
    const [emailAccount, oauthAccount] = await Promise.all([
      tx.identities.findAccount(emailKey),
      tx.identities.findAccount(oauthKey),
    ])
    for (const a of [emailAccount, oauthAccount]) refuseUnlinkable(a)
    const [emailTarget, oauthTarget] = [
      await resolveWalletOwnerKey(tx, emailKey),
      await resolveWalletOwnerKey(tx, oauthKey),
    ]
    const [emailWallet, oauthWallet] = [
      await tx.wallets.findByOwner(emailTarget),
      await tx.wallets.findByOwner(oauthTarget),
    ]
    if (emailTarget === oauthTarget && emailWallet) {
      const userId = emailAccount?.userId ?? oauthAccount?.userId
      if (userId) return { linked: false, userId, walletAddress: emailWallet.address }
    }
    if (emailWallet && oauthWallet && emailWallet.address !== oauthWallet.address) {
      throw new ConflictError(
        'Both identities already have wallets; wallets are never merged',
        'IDENTITIES_HAVE_WALLETS',
        { emailWallet: emailWallet.address, oauthWallet: oauthWallet.address },
      )
    }
    const targetKey = oauthWallet ? oauthTarget : emailTarget
    const wallet =
      oauthWallet ?? emailWallet ?? (await getOrCreateWallet(ctx, { kind: 'email', email: p.email }, { stores: tx }))
    const holder = await tx.identities.findAccount(targetKey)
    const userId =
      (holder?.status === 'ready' ? holder.userId : null) ??
      (oauthWallet ? oauthAccount?.userId : emailAccount?.userId) ??
      `did:loyaltykit:${ctx.ids.uuid()}`
    const now = ctx.clock.now()
    for (const [ownerKey, account] of [
      [emailKey, emailAccount],
      [oauthKey, oauthAccount],
    ] as const) {
      const identity = {
        userId,
        provider: 'local',
        walletAddress: wallet.address,
        walletOwnerKey: targetKey,
        username: account?.username ?? null,
      }
      if (!(await tx.identities.putReadyAccount({ ownerKey, identity, now }))) {
        throw new ConflictError('The identity is being created; retry shortly', 'IDENTITY_BUSY')
      }
    }
    return { linked: true, userId, walletAddress: wallet.address }
  })
  if (result.linked) ctx.logger.info({ userId: result.userId }, 'identities linked')
  return result
}

function refuseUnlinkable(account: IdentityAccount | undefined): void {
  if (account?.status === 'pending') {
    throw new ConflictError('The identity is being created; retry shortly', 'IDENTITY_BUSY')
  }
  if (account && account.provider !== 'local') {
    throw new ConflictError('Identities of a hosted provider cannot be linked here', 'IDENTITY_HOSTED', {
      provider: account.provider,
    })
  }
}
