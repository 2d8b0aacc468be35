import type { Kysely, Selectable } from 'kysely'
import type { CustodialWallet, WalletStore } from '../ports/wallet-store'
import type { WalletsTable } from './core-tables'
import type { Database } from './database'
import type { SqlDialect } from './dialect'
import { insertedOrExisting } from './inserted-or-existing'

function toWallet(row: Selectable<WalletsTable>): CustodialWallet {
  return {
    id: row.id,
    address: row.address,
    ownerKey: row.owner_key,
    encryptedKey: row.encrypted_key,
    createdAt: Number(row.created_at),
  }
}

export function createWalletStore(db: Kysely<Database>, _dialect: SqlDialect): WalletStore {
  const findByOwner = async (ownerKey: string) => {
    const row = await db.selectFrom('wallets').selectAll().where('owner_key', '=', ownerKey).executeTakeFirst()
    return row && toWallet(row)
  }

  return {
    async insertIfAbsent(wallet) {
      // On PostgreSQL the insert waits for a concurrent uncommitted insert of the same owner_key, and
      // the select that follows (READ COMMITTED: a new snapshot) sees the row that won.
      const inserted = await db
        .insertInto('wallets')
        .values({
          id: wallet.id,
          address: wallet.address.toLowerCase(),
          owner_key: wallet.ownerKey,
          encrypted_key: wallet.encryptedKey,
          created_at: wallet.createdAt,
        })
        .onConflict((oc) => oc.column('owner_key').doNothing())
        .returningAll()
        .executeTakeFirst()
      const what = `wallet of ${wallet.ownerKey}`
      const { record, created } = await insertedOrExisting(inserted, toWallet, () => findByOwner(wallet.ownerKey), what)
      return { wallet: record, created }
    },

    findByOwner,

    async findByAddress(address) {
      const row = await db
        .selectFrom('wallets')
        .selectAll()
        .where('address', '=', address.toLowerCase())
        .executeTakeFirst()
      return row && toWallet(row)
    },
  }
}
