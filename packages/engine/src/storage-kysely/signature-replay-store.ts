import type { Kysely } from 'kysely'
import type { SignatureReplayStore } from '../ports/signature-replay-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

/** Share of remembered signatures that also sweep expired ones. */
const SWEEP_SHARE = 0.05

export function createSignatureReplayStore(db: Kysely<Database>, _dialect: SqlDialect): SignatureReplayStore {
  return {
    async remember({ scope, signature, expiresAt, now }) {
      const result = await db
        .insertInto('signature_replays')
        .values({ scope, signature, expires_at: expiresAt })
        .onConflict((oc) =>
          oc
            .columns(['scope', 'signature'])
            .doUpdateSet({ expires_at: expiresAt })
            .where('signature_replays.expires_at', '<=', now),
        )
        .executeTakeFirst()
      const stored = result.numInsertedOrUpdatedRows === 1n
      // Sweep now and then (cheap: indexed by expiry); the stored row is not expired.
      if (stored && Math.random() < SWEEP_SHARE) {
        await db.deleteFrom('signature_replays').where('expires_at', '<=', now).execute()
      }
      return stored
    },
  }
}
