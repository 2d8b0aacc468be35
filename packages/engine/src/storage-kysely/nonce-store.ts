import type { Kysely } from 'kysely'
import type { NonceScope, NonceStore } from '../ports/nonce-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

export function createNonceStore(db: Kysely<Database>, dialect: SqlDialect): NonceStore {
  const scoped = (scope: NonceScope) => ({ chainId: scope.chainId, address: scope.address.toLowerCase() })

  return {
    async reserve(scope) {
      const { chainId, address } = scoped(scope)
      // Two statements, not DELETE … IN (SELECT … LIMIT 1 FOR UPDATE SKIP LOCKED): PostgreSQL may
      // run such a subquery more than once in one statement and delete several rows.
      for (let attempt = 0; attempt < 10; attempt++) {
        const lowest = await db
          .selectFrom('released_nonces')
          .select('nonce')
          .where('chain_id', '=', chainId)
          .where('address', '=', address)
          .orderBy('nonce')
          .limit(1)
          .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked())
          .executeTakeFirst()
        if (!lowest) break
        const deleted = await db
          .deleteFrom('released_nonces')
          .where('chain_id', '=', chainId)
          .where('address', '=', address)
          .where('nonce', '=', lowest.nonce)
          .executeTakeFirst()
        // Zero rows: a concurrent caller outside a transaction took it first; look again.
        if (deleted.numDeletedRows === 1n) return Number(lowest.nonce)
      }
      // An upsert takes the row lock on PostgreSQL, so concurrent reservations queue on it.
      const row = await db
        .insertInto('signer_nonces')
        .values({ chain_id: chainId, address, next_nonce: 1, updated_at: Date.now() })
        .onConflict((oc) =>
          oc.columns(['chain_id', 'address']).doUpdateSet((eb) => ({
            next_nonce: eb('signer_nonces.next_nonce', '+', 1),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .returning('next_nonce')
        .executeTakeFirstOrThrow()
      return Number(row.next_nonce) - 1
    },

    async reserveMany(scope) {
      const { chainId, address } = scoped(scope)
      const out: number[] = []
      for (let attempt = 0; attempt < 10 && out.length < scope.count; attempt++) {
        const want = scope.count - out.length
        const rows = await db
          .selectFrom('released_nonces')
          .select('nonce')
          .where('chain_id', '=', chainId)
          .where('address', '=', address)
          .orderBy('nonce')
          .limit(want)
          .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked())
          .execute()
        if (rows.length === 0) break
        // Only what this statement deleted is ours (a concurrent caller outside a transaction may take some).
        const taken = await db
          .deleteFrom('released_nonces')
          .where('chain_id', '=', chainId)
          .where('address', '=', address)
          .where(
            'nonce',
            'in',
            rows.map((r) => r.nonce),
          )
          .returning('nonce')
          .execute()
        out.push(...taken.map((r) => Number(r.nonce)))
        if (taken.length === rows.length && rows.length < want) break
      }
      const fresh = scope.count - out.length
      if (fresh > 0) {
        const row = await db
          .insertInto('signer_nonces')
          .values({ chain_id: chainId, address, next_nonce: fresh, updated_at: Date.now() })
          .onConflict((oc) =>
            oc.columns(['chain_id', 'address']).doUpdateSet((eb) => ({
              next_nonce: eb('signer_nonces.next_nonce', '+', fresh),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .returning('next_nonce')
          .executeTakeFirstOrThrow()
        const end = Number(row.next_nonce)
        for (let n = end - fresh; n < end; n++) out.push(n)
      }
      return out.sort((a, b) => a - b)
    },

    async release(scope) {
      const { chainId, address } = scoped(scope)
      const row = await db
        .selectFrom('signer_nonces')
        .select('next_nonce')
        .where('chain_id', '=', chainId)
        .where('address', '=', address)
        .executeTakeFirst()
      if (!row || scope.nonce >= Number(row.next_nonce)) return
      await db
        .insertInto('released_nonces')
        .values({ chain_id: chainId, address, nonce: scope.nonce })
        .onConflict((oc) => oc.doNothing())
        .execute()
    },

    async resync(scope) {
      const { chainId, address } = scoped(scope)
      const row = await db
        .insertInto('signer_nonces')
        .values({ chain_id: chainId, address, next_nonce: scope.chainNonce, updated_at: Date.now() })
        .onConflict((oc) =>
          oc.columns(['chain_id', 'address']).doUpdateSet((eb) => ({
            next_nonce: eb
              .case()
              .when('signer_nonces.next_nonce', '<', eb.ref('excluded.next_nonce'))
              .then(eb.ref('excluded.next_nonce'))
              .else(eb.ref('signer_nonces.next_nonce'))
              .end(),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .returning('next_nonce')
        .executeTakeFirstOrThrow()
      await db
        .deleteFrom('released_nonces')
        .where('chain_id', '=', chainId)
        .where('address', '=', address)
        .where('nonce', '<', scope.chainNonce)
        .execute()
      return { next: Number(row.next_nonce) }
    },

    async peek(scope) {
      const { chainId, address } = scoped(scope)
      const row = await db
        .selectFrom('signer_nonces')
        .select('next_nonce')
        .where('chain_id', '=', chainId)
        .where('address', '=', address)
        .executeTakeFirst()
      const released = await db
        .selectFrom('released_nonces')
        .select('nonce')
        .where('chain_id', '=', chainId)
        .where('address', '=', address)
        .orderBy('nonce')
        .execute()
      return { next: row ? Number(row.next_nonce) : undefined, released: released.map((r) => Number(r.nonce)) }
    },
  }
}
