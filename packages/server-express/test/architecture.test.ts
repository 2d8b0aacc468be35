import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as engineModule from '@loyaltykit/engine'
import { createEngine, type KeyVault, type Storage } from '@loyaltykit/engine'
import * as schemasModule from '@loyaltykit/engine/schemas'
import { describe, expect, it } from 'vitest'
import { COMMANDS } from '../src/cli/command-table'
import { appWithEverySurface, mountedRoutes } from './helpers/mounted-routes'

// docs/architecture.md lists every HTTP endpoint and CLI command with its route or command file, the
// engine function it calls and its schema file. This suite keeps the table true: every route the app
// mounts and every command of the CLI is in it (and nothing else), the files it names exist and say
// what it says, and no server file calls the engine another way than through the facade.
const packagesDir = resolve(fileURLToPath(import.meta.url), '../../..')
const serverSrc = join(packagesDir, 'server-express/src')
const engineSrc = join(packagesDir, 'engine/src')

type Row = { entry: string; file: string; bound: string | undefined; operation: string | undefined; schema: string }

function tableRows(): Row[] {
  const doc = readFileSync(join(packagesDir, '../docs/architecture.md'), 'utf8')
  const section = doc.split('## Every endpoint and command')[1]?.split('\n## ')[0] ?? ''
  const code = (cell: string) => /`([^`]+)`/.exec(cell)?.[1]
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [entry = '', file = '', fn = '', schema = ''] = line.split('|').slice(1, 5)
      return {
        entry: code(entry) ?? '',
        file: code(file) ?? '',
        bound: /`(engine\.\w+\.\w+)`/.exec(fn)?.[1],
        operation: /\(`(\w+)`\)/.exec(fn)?.[1],
        schema: code(schema) ?? '—',
      }
    })
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /(?<!\.test)\.ts$/.test(e.name) ? [join(dir, e.name)] : [],
  )
}

/** `engine.<namespace>.<name>` → the operation its binder binds, from createEngine and the binder files. */
function boundOperations(): Map<string, string> {
  const files = sourceFiles(engineSrc)
  const binderOf = new Map(
    files.flatMap((f) => {
      const name = /export function (bind\w+)\(ctx/.exec(readFileSync(f, 'utf8'))?.[1]
      return name ? [[name, f] as const] : []
    }),
  )
  const map = new Map<string, string>()
  const createEngineSource = readFileSync(join(engineSrc, 'create-engine.ts'), 'utf8')
  for (const [, ns, binder] of createEngineSource.matchAll(/^\s+(\w+): (bind\w+)\(ctx\),$/gm)) {
    const source = readFileSync(binderOf.get(binder as string) ?? '', 'utf8')
    for (const [, name, op] of source.matchAll(/^\s+(\w+): bindOperation\(ctx, (\w+)\),$/gm)) {
      map.set(`engine.${ns}.${name}`, op as string)
    }
  }
  return map
}

/** A file and the files it imports relatively (one level): where a command's factory lives. */
function withLocalImports(file: string): string {
  const source = readFileSync(file, 'utf8')
  const imported = [...source.matchAll(/from '(\.{1,2}\/[^']+)'/g)]
    .map((m) => resolve(dirname(file), `${m[1]}.ts`))
    .filter((f) => existsSync(f))
  return [source, ...imported.map((f) => readFileSync(f, 'utf8'))].join('\n')
}

describe('docs/architecture.md: every endpoint and command', () => {
  const rows = tableRows()

  it('lists every mounted route and every CLI command, and nothing else', () => {
    const listed = rows.map((r) => r.entry)
    const actual = [...mountedRoutes(appWithEverySurface()), ...COMMANDS.map((c) => `loyaltykit ${c.path.join(' ')}`)]
    expect(actual.length).toBeGreaterThan(40)
    expect(
      actual.filter((e) => !listed.includes(e)),
      'missing from the table',
    ).toEqual([])
    expect(
      listed.filter((e) => !actual.includes(e)),
      'in the table but not served',
    ).toEqual([])
    expect(new Set(listed).size).toBe(listed.length)
  })

  it('names files that exist, a bound engine function the file calls, and the schema of its operation', () => {
    const engine = createEngine({ storage: {} as Storage, keyVault: {} as KeyVault }) as unknown as Record<
      string,
      Record<string, unknown>
    >
    const exported = engineModule as unknown as Record<string, unknown>
    const schemas = schemasModule as unknown as Record<string, unknown>
    const bound = boundOperations()
    expect(bound.size).toBeGreaterThan(50)
    for (const row of rows) {
      const file = join(packagesDir, row.file)
      expect(existsSync(file), `${row.entry}: ${row.file}`).toBe(true)
      if (row.schema !== '—')
        expect(existsSync(join(packagesDir, row.schema)), `${row.entry}: ${row.schema}`).toBe(true)
      if (!row.bound) continue
      const [, ns = '', fn = ''] = row.bound.split('.')
      expect(typeof engine[ns]?.[fn], `${row.entry}: ${row.bound}`).toBe('function')
      expect(bound.get(row.bound), `${row.entry}: ${row.bound} binds`).toBe(row.operation)
      expect(withLocalImports(file), `${row.entry}: ${row.file} calls ${row.bound}`).toContain(`.${ns}.${fn}(`)
      // Reached through the facade only: the operation is not on the main entry, its schema is on /schemas.
      expect(exported[row.operation ?? ''], `${row.entry}: ${row.operation} not exported`).toBeUndefined()
      expect(schemas[`${row.operation}ParametersSchema`], `${row.entry}: schema on /schemas`).toBeDefined()
      const schemaSource = readFileSync(join(packagesDir, row.schema), 'utf8')
      expect(schemaSource, `${row.entry}: ${row.schema}`).toContain(`export const ${row.operation}ParametersSchema`)
      if (row.schema.endsWith('-schema.ts') && !row.entry.startsWith('loyaltykit ')) {
        expect(schemaSource, `${row.entry}: its response schema`).toMatch(/export const \w+ResponseSchema/)
      }
    }
  })
})

describe('the server calls the engine through its facade only', () => {
  const files = sourceFiles(serverSrc)

  it('never touches engine.ctx', () => {
    const offending = files.filter((f) => /\.ctx\b/.test(readFileSync(f, 'utf8'))).map((f) => relative(serverSrc, f))
    expect(offending).toEqual([])
  })

  it('imports no operation (a function over an EngineContext) from @loyaltykit/engine', () => {
    const operations = new Set(
      sourceFiles(engineSrc).flatMap((f) =>
        [
          ...readFileSync(f, 'utf8').matchAll(/export (?:async )?function (\w+)(?:<[^>]*>)?\(\s*ctx: EngineContext/g),
        ].map((m) => m[1] as string),
      ),
    )
    expect(operations.size).toBeGreaterThan(50)
    const offending: string[] = []
    for (const file of files) {
      const source = readFileSync(file, 'utf8')
      for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from '@loyaltykit\/engine'/g)) {
        if (m[1]) continue
        for (const spec of (m[2] ?? '').split(',').map((s) => s.trim())) {
          if (spec && !spec.startsWith('type ') && operations.has(spec.split(' as ')[0] as string)) {
            offending.push(`${relative(serverSrc, file)}: ${spec}`)
          }
        }
      }
    }
    expect(offending).toEqual([])
  })
})
