/**
 * A second process on one SQLite file, for the contract suite: migrates, then inserts a wallet for
 * the owner given on the command line (several times), and prints JSON { applied, created, address }.
 * Usage: node --conditions=source --import tsx sqlite-process.ts <file> <ownerKey>
 */
import { randomBytes } from 'node:crypto'
import { createKyselyStorage, type Database, SqliteImmediateDialect } from '@loyaltykit/engine/storage-kysely'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely } from 'kysely'

const [file, ownerKey] = process.argv.slice(2)
if (!file || !ownerKey) throw new Error('usage: sqlite-process.ts <file> <ownerKey>')

const sqlite = new BetterSqlite3(file, { timeout: 10_000 })
sqlite.pragma('journal_mode = WAL')
sqlite.pragma('busy_timeout = 10000')
sqlite.pragma('synchronous = NORMAL')
sqlite.pragma('foreign_keys = ON')
const storage = createKyselyStorage(
  new Kysely<Database>({ dialect: new SqliteImmediateDialect({ database: sqlite }) }),
  {
    dialect: 'sqlite',
  },
)

const { applied } = await storage.migrate()
let created = false
let address = ''
for (let i = 0; i < 20; i++) {
  const result = await storage.wallets.insertIfAbsent({
    id: randomBytes(8).toString('hex'),
    address: `0x${randomBytes(20).toString('hex')}`,
    ownerKey,
    encryptedKey: 'v1.test',
    createdAt: Date.now(),
  })
  created ||= result.created
  address = result.wallet.address
}
await storage.close()
process.stdout.write(JSON.stringify({ applied, created, address }))
