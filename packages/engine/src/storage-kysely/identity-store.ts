import type { Kysely, Selectable } from 'kysely'
import type { IdentityAccount, IdentityStore } from '../ports/identity-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import type { IdentityAccountsTable } from './identity-tables'

function toAccount(row: Selectable<IdentityAccountsTable>): IdentityAccount {
  return {
    ownerKey: row.owner_key,
    status: row.status === 'ready' ? 'ready' : 'pending',
    userId: row.user_id,
    provider: row.provider,
    walletAddress: row.wallet_address,
    walletOwnerKey: row.wallet_owner_key,
    username: row.username,
    claimToken: row.claim_token,
    claimedAt: Number(row.claimed_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  }
}

export function createIdentityStore(db: Kysely<Database>, _dialect: SqlDialect): IdentityStore {
  const findAccount = async (ownerKey: string) => {
    const row = await db
      .selectFrom('identity_accounts')
      .selectAll()
      .where('owner_key', '=', ownerKey)
      .executeTakeFirst()
    return row && toAccount(row)
  }

  return {
    findAccount,

    async findAccountsByUser(userId) {
      const rows = await db
        .selectFrom('identity_accounts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'ready')
        .orderBy('created_at')
        .orderBy('owner_key')
        .execute()
      return rows.map(toAccount)
    },

    async claimAccount({ ownerKey, claimToken, now, staleBefore }) {
      // On PostgreSQL the insert waits for a concurrent uncommitted insert of the same key; the
      // conditional update re-checks its WHERE against the committed row (READ COMMITTED), so two
      // callers cannot both take over one stale claim.
      const inserted = await db
        .insertInto('identity_accounts')
        .values({
          owner_key: ownerKey,
          status: 'pending',
          user_id: null,
          provider: null,
          wallet_address: null,
          wallet_owner_key: null,
          username: null,
          claim_token: claimToken,
          claimed_at: now,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('owner_key').doNothing())
        .returning('owner_key')
        .executeTakeFirst()
      if (inserted) return 'claimed'
      const taken = await db
        .updateTable('identity_accounts')
        .set({ claim_token: claimToken, claimed_at: now, updated_at: now })
        .where('owner_key', '=', ownerKey)
        .where('status', '=', 'pending')
        .where('claimed_at', '<', staleBefore)
        .returning('owner_key')
        .executeTakeFirst()
      if (taken) return 'claimed'
      const current = await findAccount(ownerKey)
      return current?.status === 'ready' ? 'ready' : 'busy'
    },

    async completeAccount({ ownerKey, claimToken, identity, now }) {
      const updated = await db
        .updateTable('identity_accounts')
        .set({
          status: 'ready',
          user_id: identity.userId,
          provider: identity.provider,
          wallet_address: identity.walletAddress.toLowerCase(),
          wallet_owner_key: identity.walletOwnerKey,
          username: identity.username,
          claim_token: null,
          updated_at: now,
        })
        .where('owner_key', '=', ownerKey)
        .where('status', '=', 'pending')
        .where('claim_token', '=', claimToken)
        .returning('owner_key')
        .executeTakeFirst()
      return updated !== undefined
    },

    async releaseClaim({ ownerKey, claimToken }) {
      await db
        .deleteFrom('identity_accounts')
        .where('owner_key', '=', ownerKey)
        .where('status', '=', 'pending')
        .where('claim_token', '=', claimToken)
        .execute()
    },

    async putReadyAccount({ ownerKey, identity, now }) {
      const values = {
        status: 'ready',
        user_id: identity.userId,
        provider: identity.provider,
        wallet_address: identity.walletAddress.toLowerCase(),
        wallet_owner_key: identity.walletOwnerKey,
        username: identity.username,
        claim_token: null,
        updated_at: now,
      }
      const written = await db
        .insertInto('identity_accounts')
        .values({ owner_key: ownerKey, claimed_at: now, created_at: now, ...values })
        .onConflict((oc) => oc.column('owner_key').doUpdateSet(values).where('identity_accounts.status', '=', 'ready'))
        .returning('owner_key')
        .executeTakeFirst()
      return written !== undefined
    },
  }
}
