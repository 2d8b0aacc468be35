/** An account an identity provider can create a user for. */
export type ProviderAccount =
  | { kind: 'email'; email: string }
  | {
      kind: 'oauth'
      /** Lowercase provider name: discord, twitter, github, google, telegram, spotify, instagram, tiktok. */
      provider: string
      /** The platform's user id. */
      userId: string
      username?: string | undefined
    }

/** A user the provider created, with its Ethereum wallet. */
export type CreatedIdentity = {
  /** `did:` form: `did:loyaltykit:<uuid>` (local) or the provider's (`did:privy:…`). */
  userId: string
  /** Lowercase 0x address. */
  walletAddress: string
  /** Owner key of the custodial wallet on this server; null for a wallet the provider holds. */
  walletOwnerKey: string | null
  /** True when this call created the wallet (false: an existing wallet was reused, e.g. a linked one). */
  walletCreated: boolean
}

/** A user as the provider knows it. */
export type IdentityUser = {
  userId: string
  /** Lowercase 0x address of the user's Ethereum wallet, when it has one. */
  walletAddress: string | undefined
  /** Whether this server holds the wallet's key (local provider). */
  custodial: boolean
}

/**
 * Where identities and their wallets come from: the local provider (custodial wallets generated and
 * encrypted here, the default) or a hosted one (Privy's REST API). Same shape as the health probe.
 *
 * Concurrency: `createUser` is NOT idempotent (a hosted provider creates a new user each time). The
 * engine calls it at most once per account at a time, under a claim held in storage
 * (IdentityStore.claimAccount), and records the answer; adapters need no locking of their own.
 */
export interface IdentityProvider {
  /** `local`, `privy`, … (reported by health/diagnostic). */
  readonly name: string
  createUser(account: ProviderAccount): Promise<CreatedIdentity>
  /** The user, or undefined when the provider does not know the id. */
  getUser(userId: string): Promise<IdentityUser | undefined>
  /** Throws when the provider cannot be reached (health checks). */
  ping(): Promise<void>
}
