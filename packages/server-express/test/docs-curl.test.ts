import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The engine's loopback DNS server (dns2): verify-dns's example looks up a name that has no record.
import { startTxtDnsServer } from '../../engine/test/support/txt-dns-server'
import { docShellBlocks, fencesOf } from './helpers/doc-curl-examples'
import { createDocsCurlFixtures } from './helpers/docs-curl-fixtures'
import { isPlaceholderDeclaration, runDocShellBlock } from './helpers/run-doc-shell-block'
import { startTestServer, type TestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const DOCS = join(import.meta.dirname, '../../../docs/api')
/** The index page: it states the convention and has no example of its own. */
const INDEX = 'README.md'
/** Pages whose example cannot run against a local server; each says why (docs/api/README.md). */
const EXCEPTIONS: Record<string, string> = {
  'stripe-webhook.md': 'a request this endpoint accepts is signed by Stripe',
}

const pages = readdirSync(DOCS)
  .filter((f) => f.endsWith('.md') && f !== INDEX)
  .sort()
const read = (page: string) => readFileSync(join(DOCS, page), 'utf8')
/** The placeholders the convention defines: the variables of the README's table. */
const PLACEHOLDERS = [...read(INDEX).matchAll(/^\s*\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1] as string)

/** `$NAME` / `${NAME}` a script uses without assigning it itself. */
function placeholdersOf(script: string): string[] {
  const assigned = new Set([...script.matchAll(/^\s*([A-Z][A-Z0-9_]*)=(?!\S*…)/gm)].map((m) => m[1]))
  const used = [...script.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)].map((m) => m[1] as string)
  return [...new Set(used)].filter((v) => !assigned.has(v))
}

describe('the curl examples of docs/api follow the convention', () => {
  it.each(pages)('%s: has examples, each with its answer and only known placeholders', (page) => {
    const markdown = read(page)
    const blocks = docShellBlocks(markdown)
    if (page in EXCEPTIONS) {
      expect(blocks).toEqual([])
      expect(markdown).toContain(`No curl example here: ${EXCEPTIONS[page]}`)
      return
    }
    expect(blocks.length, `${page} has no curl example`).toBeGreaterThan(0)
    for (const block of blocks) {
      for (const curl of block.curls) expect(curl.answer, `${page}:${curl.line} documents no answer`).toBeDefined()
      const runnable = block.script.split('\n').filter((l) => !isPlaceholderDeclaration(l) && !/^\s*#/.test(l))
      expect(runnable.join('\n'), `${page}:${block.line} sends an invented value`).not.toContain('…')
      for (const name of placeholdersOf(block.script)) {
        expect(PLACEHOLDERS, `${page}:${block.line} uses $${name}`).toContain(name)
      }
    }
    // No curl hides outside a shell block, where the test would not run it.
    for (const fence of fencesOf(markdown).filter((f) => !['sh', 'bash', 'shell'].includes(f.lang))) {
      expect(fence.text, `${page}:${fence.line}`).not.toMatch(/^\s*curl\s/m)
    }
  })
})

describe.each(testDialects)('every curl of docs/api against a started server on $dialect', ({ create }) => {
  let db: TestDatabase
  let s: TestServer
  let dns: Awaited<ReturnType<typeof startTxtDnsServer>>
  let fixtures: ReturnType<typeof createDocsCurlFixtures>
  let common: Record<string, string>

  beforeAll(async () => {
    db = await create()
    dns = await startTxtDnsServer(new Map())
    // As `npm start` runs: the demo brand (websites http://localhost:3000 and http://localhost).
    s = await startTestServer(db, {
      LOYALTYKIT_DEMO_BRAND: 'true',
      LOYALTYKIT_DNS_SERVERS: dns.server,
      LOYALTYKIT_MINT_WAIT_MS: '20000',
    })
    fixtures = createDocsCurlFixtures(s)
    common = await fixtures.common()
  })
  afterAll(async () => {
    await s?.close()
    await dns?.close()
    await db?.drop()
  })

  it.each(pages.filter((p) => !(p in EXCEPTIONS)))('%s', async (page) => {
    const env = { ...common, ...(await fixtures.forPage(page)) }
    for (const block of docShellBlocks(read(page))) {
      const where = `${page}:${block.line}`
      for (const name of placeholdersOf(block.script)) expect(env, `${where} needs $${name}`).toHaveProperty(name)
      const run = await runDocShellBlock(block.script, s.base, env)
      expect(run.exitCode, `${where} failed: ${run.stderr}`).toBe(0)
      expect(run.calls, `${where} ran another number of curls`).toHaveLength(block.curls.length)
      for (const [i, curl] of block.curls.entries()) {
        const call = run.calls[i]
        const answer = curl.answer
        if (!call || !answer) throw new Error(`${page}:${curl.line}: no call or no documented answer`)
        const at = `${page}:${curl.line} (${call.status}: ${call.body.slice(0, 300)})`
        if (answer.status === '2xx') expect(call.status >= 200 && call.status < 300, at).toBe(true)
        else expect(call.status, at).toBe(answer.status)
        for (const header of answer.headers) expect(call.headers, at).toHaveProperty(header.toLowerCase())
        if (answer.json === undefined) continue
        expect(call.headers['content-type'], at).toMatch(/^application\/json/)
        const body = JSON.parse(call.body)
        if (Array.isArray(answer.json)) expect(Array.isArray(body), at).toBe(true)
        else expect(Object.keys(body).sort(), at).toEqual(Object.keys(answer.json as object).sort())
      }
    }
  })
})
