import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

export type BenchDatabase = {
  /** A fresh temp data folder (the SQLite file, the dev master key). */
  dataDir: string
  /** A fresh PostgreSQL database when DATABASE_URL is set; undefined for SQLite in `dataDir`. */
  databaseUrl: string | undefined
  /** Drops the PostgreSQL database and removes the data folder. */
  drop(): Promise<void>
}

/**
 * The database a benchmark runs on: SQLite in a temp folder, or, when `adminUrl` (a PostgreSQL
 * server's URL) is given, a new database created on that server (dropped by `drop`).
 */
export async function createBenchDatabase(prefix: string, adminUrl: string | undefined): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix))
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true })
  if (!adminUrl) return { dataDir, databaseUrl: undefined, drop: async () => removeDir() }
  const name = `lk_bench_${randomBytes(4).toString('hex')}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await admin(`drop database if exists ${name} with (force)`)
      removeDir()
    },
  }
}
