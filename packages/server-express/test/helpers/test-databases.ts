import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

/** One fresh database for a suite: SQLite in a temp folder, or a new PostgreSQL database. */
export type TestDatabase = {
  dialect: 'sqlite' | 'postgres'
  /** DATABASE_URL for this database (undefined = SQLite in `dataDir`). */
  databaseUrl: string | undefined
  /** A fresh temp data folder (SQLite file, dev master key). */
  dataDir: string
  /** Makes the database unreachable for real (PostgreSQL: drop it, terminating connections). */
  kill(): Promise<void>
  /** Drops the database and removes the data folder. */
  drop(): Promise<void>
}

export type TestDialect = { dialect: 'sqlite' | 'postgres'; create(): Promise<TestDatabase> }

async function withAdmin<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

const sqlite: TestDialect = {
  dialect: 'sqlite',
  async create() {
    const dataDir = await mkdtemp(join(tmpdir(), 'lk-test-'))
    return {
      dialect: 'sqlite',
      databaseUrl: undefined,
      dataDir,
      kill: async () => {},
      drop: () => rm(dataDir, { recursive: true, force: true }),
    }
  },
}

function postgres(adminUrl: string): TestDialect {
  return {
    dialect: 'postgres',
    async create() {
      const name = `lk_${randomBytes(6).toString('hex')}`
      await withAdmin(adminUrl, (c) => c.query(`create database ${name}`))
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      const dataDir = await mkdtemp(join(tmpdir(), 'lk-test-'))
      let dropped = false
      const dropDb = async () => {
        if (dropped) return
        dropped = true
        await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`))
      }
      return {
        dialect: 'postgres',
        databaseUrl: url.toString(),
        dataDir,
        kill: dropDb,
        async drop() {
          await dropDb()
          await rm(dataDir, { recursive: true, force: true })
        },
      }
    },
  }
}

/** SQLite always; PostgreSQL too when DATABASE_URL is set (each suite gets its own database). */
export const testDialects: TestDialect[] = [
  sqlite,
  ...(process.env.DATABASE_URL ? [postgres(process.env.DATABASE_URL)] : []),
]
