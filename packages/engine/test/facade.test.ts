import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as engineModule from '@loyaltykit/engine'
import {
  createEngine,
  type EngineNamespace,
  type EngineOperation,
  type EngineOptions,
  type EngineParameters,
  type EngineReturnType,
  type KeyVault,
  type Minter,
  type MinterOptions,
  type Storage,
} from '@loyaltykit/engine'
import * as schemasModule from '@loyaltykit/engine/schemas'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { ListBrandsParameters } from '../src/brands/list-brands'
import type { ProcessEventOptions, ProcessEventReturnType } from '../src/events/process-event'
import type { ProcessEventParameters } from '../src/events/process-event-schema'

// The facade's shape (docs/architecture.md): createEngine only binds, through one binder file per
// namespace, and every operation it binds has its parameters schema on `@loyaltykit/engine/schemas`,
// while the operation function itself stays off the main entry (reached as engine.<namespace>.<fn>). Worker factories
// (createMinter, …) are bound the same way and take options only.
const srcDir = resolve(fileURLToPath(import.meta.url), '../../src')
const WORKER_FACTORIES = new Set(['createMinter', 'createWebhookDispatcher', 'createClawbackWorker'])

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )
}

const binders = filesUnder(srcDir).filter((f) => /\/bind-[a-z-]+\.ts$/.test(f) && !f.endsWith('bind-operation.ts'))

/** `name: bindOperation(ctx, operation)` lines of a binder's returned object. */
function bindings(file: string): Array<{ name: string; operation: string }> {
  const body = readFileSync(file, 'utf8').split('return {')[1] ?? ''
  return [...body.matchAll(/^\s+(\w+): bindOperation\(ctx, (\w+)\),$/gm)].map((m) => ({
    name: m[1] as string,
    operation: m[2] as string,
  }))
}

describe('the engine facade', () => {
  const engine = createEngine({ storage: {} as Storage, keyVault: {} as KeyVault })

  it('binds every namespace through a binder file whose entries are all `bindOperation(ctx, op)`', () => {
    const createEngineSource = readFileSync(join(srcDir, 'create-engine.ts'), 'utf8')
    const namespaces = Object.keys(engine).filter((k) => k !== 'ctx')
    expect(namespaces.length).toBeGreaterThan(10)
    for (const file of binders) {
      const source = readFileSync(file, 'utf8')
      const entries = (source.split('return {')[1] ?? '').split('\n').filter((l) => /^\s{4}\w+:/.test(l))
      expect(entries.length, relative(srcDir, file)).toBeGreaterThan(0)
      expect(bindings(file).length, `${relative(srcDir, file)}: only bindOperation entries`).toBe(entries.length)
      const binder = /export function (bind\w+)\(/.exec(source)?.[1]
      expect(createEngineSource, `${binder} used by createEngine`).toMatch(new RegExp(`: ${binder}\\(ctx\\)`))
    }
    for (const ns of namespaces) {
      const bound = engine[ns as keyof typeof engine] as Record<string, unknown>
      for (const [name, fn] of Object.entries(bound)) expect(typeof fn, `engine.${ns}.${name}`).toBe('function')
    }
  })

  it('every bound operation has its parameters schema on /schemas and is not on the main entry', () => {
    const exported = engineModule as unknown as Record<string, unknown>
    const schemas = schemasModule as unknown as Record<string, unknown>
    const operations = binders.flatMap(bindings).map((b) => b.operation)
    expect(operations.length).toBeGreaterThan(50)
    for (const op of operations) {
      expect(exported[op], `${op} not on the main entry`).toBeUndefined()
      if (WORKER_FACTORIES.has(op)) continue
      const schema = schemas[`${op}ParametersSchema`] as { safeParse?: unknown } | undefined
      expect(typeof schema?.safeParse, `${op}ParametersSchema on /schemas`).toBe('function')
    }
  })

  // Checked by `pnpm typecheck` (tsc reads the tests): the helpers are the operation's own types.
  it('gives each bound operation its types through EngineParameters, EngineOptions and EngineReturnType', () => {
    expectTypeOf<EngineParameters<'events', 'process'>>().toEqualTypeOf<ProcessEventParameters>()
    expectTypeOf<EngineOptions<'events', 'process'>>().toEqualTypeOf<ProcessEventOptions>()
    expectTypeOf<EngineReturnType<'events', 'process'>>().toEqualTypeOf<ProcessEventReturnType>()
    // An optional `params` (listBrands(ctx, params = {})) without `undefined`; a worker factory's
    // options first and its worker (not a promise) as the return type.
    expectTypeOf<EngineParameters<'brands', 'list'>>().toEqualTypeOf<ListBrandsParameters>()
    expectTypeOf<EngineParameters<'mint', 'createMinter'>>().toEqualTypeOf<MinterOptions>()
    expectTypeOf<EngineReturnType<'mint', 'createMinter'>>().toEqualTypeOf<Minter>()
    expectTypeOf<'ctx'>().not.toExtend<EngineNamespace>()
    expectTypeOf<'process' | 'processBulk'>().toExtend<EngineOperation<'events'>>()
    const operations: EngineOperation<'events'>[] = ['process', 'processBulk', 'list']
    for (const op of operations) expect(typeof engine.events[op]).toBe('function')
  })
})
