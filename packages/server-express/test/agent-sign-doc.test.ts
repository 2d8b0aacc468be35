import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fencesOf } from './helpers/doc-curl-examples'
import { runCliHere } from './helpers/run-cli-here'
import { runDocShellBlock } from './helpers/run-doc-shell-block'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

// docs/agent-api.md "A signed curl": the block runs as written (bash, the real curl) against a
// started server with the demo brand, as `npm start` runs, `pnpm -s loyaltykit` being the CLI from
// source; and `loyaltykit agent-key sign` itself.
const repoRoot = join(import.meta.dirname, '..', '..', '..')
const cli = `node --conditions=source --import tsx ${join(repoRoot, 'packages/server-express/src/cli/main.ts')}`
const MARKER = '<!-- agent-sign-example:'

function exampleBlock(): string {
  const markdown = readFileSync(join(repoRoot, 'docs/agent-api.md'), 'utf8')
  const line = markdown.slice(0, markdown.indexOf(MARKER)).split('\n').length
  const fence = fencesOf(markdown).find((f) => f.line > line)
  if (fence?.lang !== 'sh') throw new Error('no sh block after the agent-sign-example marker')
  return fence.text
}

const sqlite = testDialects.find((d) => d.dialect === 'sqlite')
if (!sqlite) throw new Error('no SQLite dialect')

describe('docs/agent-api.md: the signed curl example against a started server', () => {
  let db: TestDatabase
  let s: TestServer
  let key: { id: string; secret: string }
  let brandId: string

  beforeAll(async () => {
    db = await sqlite.create()
    s = await startTestServer(db, { LOYALTYKIT_DEMO_BRAND: 'true' })
    const [demo] = await s.runtime.engine.brands.list()
    brandId = (demo as { id: string }).id
    const made = await s.runtime.engine.agent.createKey({ name: 'curl', tier: 'free' })
    key = { id: made.key.id, secret: made.secret }
  })
  afterAll(async () => {
    await s?.close()
    await db?.drop()
  })

  it('runs: both signed requests answer 200 with the tool’s data', async () => {
    const script = exampleBlock().replaceAll('pnpm -s loyaltykit', cli)
    const run = await runDocShellBlock(script, s.base, {
      LOYALTYKIT_AGENT_KEY_ID: key.id,
      LOYALTYKIT_AGENT_SECRET: key.secret,
      BRAND_ID: brandId,
    })
    expect(run.exitCode, run.stderr).toBe(0)
    expect(run.calls.map((c) => c.status)).toEqual([200, 200])
    const [balance, roi] = run.calls.map((c) => JSON.parse(c.body))
    expect(balance).toMatchObject({
      data: { brandId, walletAddress: '0x000000000000000000000000000000000000dead', balance: 0 },
      meta: { tool: 'loyalty_agent_user_balance' },
    })
    expect(roi).toMatchObject({ data: { roiPercent: 334.78 }, meta: { tool: 'loyalty_agent_estimate_roi' } })
    // The POST was signed: it counted against the key's window (20), not the IP's (100).
    expect(run.calls[1]?.headers['x-ratelimit-limit']).toBe('20')
  })

  it('agent-key sign: headers for the path, the secret only from the environment', async () => {
    const env = { LOYALTYKIT_AGENT_KEY_ID: key.id, LOYALTYKIT_AGENT_SECRET: key.secret }
    const signed = await runCliHere(['agent-key', 'sign', '--path', '/api/v1/network/info', '--json'], env)
    expect(signed.code, signed.stderr).toBe(0)
    const headers = signed.json()
    expect(Object.keys(headers)).toEqual(['X-LOYALTY-Agent-Key', 'X-LOYALTY-Timestamp', 'X-LOYALTY-Signature'])
    expect(headers['X-LOYALTY-Signature']).toMatch(/^[0-9a-f]{64}$/)
    const ok = await fetch(`${s.base}/api/v1/network/info`, { headers })
    expect(ok.status).toBe(200)
    const noSecret = await runCliHere(['agent-key', 'sign', '--path', '/x', '--id', key.id], {})
    expect(noSecret.code).toBe(2)
    expect(noSecret.stderr).toContain('LOYALTYKIT_AGENT_SECRET')
  })
})
