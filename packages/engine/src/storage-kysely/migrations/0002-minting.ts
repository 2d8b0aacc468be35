import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const migration0002Minting: Migration = {
  async up(_db: Kysely<unknown>) {},
}
