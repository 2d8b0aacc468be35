import { type Kysely, sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/** A fixed-window counter table: primary key (key, window_start), indexed by window_end for the sweep. */
async function createWindowTable(db: Kysely<unknown>, table: string): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('window_end', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, ['key', 'window_start'])
    .execute()
  await db.schema.createIndex(`${table}_end_idx`).on(table).column('window_end').execute()
}

/** A seen-signature table: primary key (scope, signature), indexed by expires_at for the sweep. */
async function createSignatureTable(db: Kysely<unknown>, table: string, expiresIndex: string): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, ['scope', 'signature'])
    .execute()
  await db.schema.createIndex(expiresIndex).on(table).column('expires_at').execute()
}

async function copyRows(db: Kysely<unknown>, from: string, to: string, columns: string): Promise<void> {
  const cols = sql.raw(columns)
  await sql`insert into ${sql.table(to)} (${cols}) select ${cols} from ${sql.table(from)}`.execute(db)
}

const WINDOW_COLUMNS = 'key, window_start, window_end, count'
const SIGNATURE_COLUMNS = 'scope, signature, expires_at'

/**
 * One store per shared request guard, usable by every domain: `rate_limits` (fixed windows; replaces
 * `relay_rate_windows` and `pregeneration_rate_windows`, whose keys never collided) and
 * `signature_replays` (replaces `seen_signatures`). Rows are copied over, so limits and replay
 * protection hold across the upgrade. docs/relayer.md, docs/perks.md.
 */
export const migration0009RateLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await createWindowTable(db, 'rate_limits')
    for (const old of ['relay_rate_windows', 'pregeneration_rate_windows']) {
      await copyRows(db, old, 'rate_limits', WINDOW_COLUMNS)
      await db.schema.dropTable(old).execute()
    }
    await createSignatureTable(db, 'signature_replays', 'signature_replays_expires_idx')
    await copyRows(db, 'seen_signatures', 'signature_replays', SIGNATURE_COLUMNS)
    await db.schema.dropTable('seen_signatures').execute()
  },

  async down(db: Kysely<unknown>) {
    await createSignatureTable(db, 'seen_signatures', 'seen_signatures_expires_idx')
    await copyRows(db, 'signature_replays', 'seen_signatures', SIGNATURE_COLUMNS)
    await db.schema.dropTable('signature_replays').execute()
    await createWindowTable(db, 'relay_rate_windows')
    await createWindowTable(db, 'pregeneration_rate_windows')
    await sql`insert into pregeneration_rate_windows (${sql.raw(WINDOW_COLUMNS)})
      select ${sql.raw(WINDOW_COLUMNS)} from rate_limits where key like 'pregenerate:%'`.execute(db)
    await sql`insert into relay_rate_windows (${sql.raw(WINDOW_COLUMNS)})
      select ${sql.raw(WINDOW_COLUMNS)} from rate_limits where key not like 'pregenerate:%'`.execute(db)
    await db.schema.dropTable('rate_limits').execute()
  },
}
