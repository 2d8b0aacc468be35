import type { Kysely } from 'kysely'
import type { MintStore } from '../ports/mint-store'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

export function createMintStore(_db: Kysely<Database>, _dialect: SqlDialect): MintStore {
  return {}
}
