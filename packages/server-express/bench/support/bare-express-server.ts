/**
 * The baseline of `pnpm bench:events`: a bare Express app whose one endpoint inserts one row into
 * SQLite per request (better-sqlite3 opened as our storage opens it: WAL, synchronous=NORMAL) and
 * answers JSON (`POST /insert`). No middleware but the JSON body parser, no logging. Run as its own process:
 * `node --conditions=source --import tsx bare-express-server.ts <sqlite file>`; prints
 * `listening on http://127.0.0.1:PORT` on stdout and stops on SIGTERM.
 */
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { openSqliteDatabase } from '../../src/storage/open-sqlite-database'

const file = process.argv[2]
if (!file) throw new Error('usage: bare-express-server.ts <sqlite file>')

const db = openSqliteDatabase(file)
db.exec(
  'create table if not exists events (id text primary key, brand_id text not null, event_type text not null, user_email text not null, body text not null, created_at integer not null)',
)
const insert = db.prepare(
  'insert into events (id, brand_id, event_type, user_email, body, created_at) values (?, ?, ?, ?, ?, ?)',
)
const app = express()
app.use(express.json({ limit: '10kb' }))
app.post('/insert', (req, res) => {
  const b = req.body as { brandId?: string; eventType?: string; userEmail?: string }
  const id = randomUUID()
  insert.run(id, b.brandId ?? '', b.eventType ?? '', b.userEmail ?? '', JSON.stringify(req.body), Date.now())
  res.json({ success: true, id })
})
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`)
})
process.once('SIGTERM', () => {
  server.close(() => {
    db.close()
    process.exit(0)
  })
  server.closeAllConnections()
})
