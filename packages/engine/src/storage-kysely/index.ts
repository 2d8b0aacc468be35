export type { Database } from './database'
export type { SqlDialect } from './dialect'
export { createKyselyStorage, type KyselyStorageOptions } from './create-kysely-storage'
export { migrations } from './migrations/index'
