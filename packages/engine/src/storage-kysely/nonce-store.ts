import type { Kysely } from 'kysely'
import type { NonceScope, NonceStore } from '../ports/nonce-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

export function createNonceStore(db: Kysely<Database>, dialect: SqlDialect): NonceStore {
  const scoped = (scope: NonceScope) => ({ chainId: scope.chainId, address: scope.address.toLowerCase() })
  /** The released nonces of a scope, lowest first. */
  const releasedOf = (chainId: number, address: string) =>
    db
      .selectFrom('released_nonces')
      .select('nonce')
      .where('chain_id', '=', chainId)
      .where('address', '=', address)
      .orderBy('nonce')

  async function reserveMany(scope: NonceScope & { count: number }): Promise<number[]> {
    const { chainId, address } = scoped(scope)
    const out: number[] = []
    // Two statements, not DELETE … IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED): PostgreSQL may run
    // such a subquery more than once in one statement and delete more rows than it answers.
    for (let attempt = 0; attempt < 10 && out.length < scope.count; attempt++) {
      const want = scope.count - out.length
      const rows = await releasedOf(chainId, address)
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
  }

  return {
    async reserve(scope) {
      const [nonce] = await reserveMany({ ...scope, count: 1 })
      return nonce as number
    },

    reserveMany,

    async release(scope) {
      const { chainId, address } = scoped(scope)
      // The sequence's lock (PostgreSQL; SQLite transactions are serial): a release waits for a
      // gap release under way (`resync` first), which could otherwise hand the nonce out twice.
      const row = await db
        .selectFrom('signer_nonces')
        .select('next_nonce')
        .where('chain_id', '=', chainId)
        .where('address', '=', address)
        .$if(dialect === 'postgres', (q) => q.forUpdate())
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
      const released = await releasedOf(chainId, address).execute()
      return { next: row ? Number(row.next_nonce) : undefined, released: released.map((r) => Number(r.nonce)) }
    },
  }
}
