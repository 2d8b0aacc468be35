import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const migration0001Core: Migration = {
  async up(_db: Kysely<unknown>) {},
}
