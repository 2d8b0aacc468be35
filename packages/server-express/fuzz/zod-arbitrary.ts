import fc from 'fast-check'
import type { z } from 'zod'

type Def = { type: string; [k: string]: unknown }
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def

/** The schema a wrapper (optional, default, nullable, pipe, readonly…) stands for: what clients send. */
function unwrapSchema(schema: z.ZodType): z.ZodType {
  let s = schema
  for (let i = 0; i < 20; i++) {
    const d = defOf(s)
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(d.type)) {
      s = d.innerType as z.ZodType
    } else if (d.type === 'pipe') {
      s = d.in as z.ZodType
    } else {
      return s
    }
  }
  return s
}

/** One field of an object schema: its name, whether a client must send it (undefined fails), and its schema. */
export type SchemaField = { name: string; required: boolean; schema: z.ZodType }

/** The top-level fields of an object schema (through wrappers); none for other schemas. */
export function schemaFields(schema: z.ZodType): SchemaField[] {
  const d = defOf(unwrapSchema(schema))
  if (d.type !== 'object') return []
  return Object.entries(d.shape as Record<string, z.ZodType>).map(([name, s]) => ({
    name,
    required: !s.safeParse(undefined).success,
    schema: s,
  }))
}

const stringFor = (d: Def): fc.Arbitrary<string> => {
  const format = (d as { format?: string }).format
  if (format === 'email') return fc.emailAddress()
  if (format === 'url') return fc.webUrl()
  return fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 40, maxLength: 40 }).map((h) => `0x${h}`),
  )
}

/**
 * Values of the type a zod schema describes (the shape clients send): strings, numbers, enums,
 * arrays and objects of the right kind, not necessarily passing every refinement. Requests are
 * built from these and then broken.
 */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const d = defOf(unwrapSchema(schema))
  switch (d.type) {
    case 'string':
      return stringFor(d)
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: -1000, max: 100_000 }), fc.double({ noNaN: true }))
    case 'bigint':
      return fc.bigInt().map(String)
    case 'boolean':
      return fc.boolean()
    case 'literal':
      return fc.constantFrom(...((d.values as unknown[]) ?? [null]))
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries as Record<string, unknown>))
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(arbitraryFor(d.element as z.ZodType, depth + 1), { maxLength: 3 })
    case 'object': {
      if (depth > 3) return fc.constant({})
      const shape = d.shape as Record<string, z.ZodType>
      const entries = Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, arbitraryFor(s, depth + 1)]))
      return fc.record(entries, { requiredKeys: [] })
    }
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(fc.string({ maxLength: 20 }), fc.integer()), {
        maxKeys: 3,
      })
    case 'union':
      return fc.oneof(...(d.options as z.ZodType[]).map((o) => arbitraryFor(o, depth + 1)))
    case 'null':
      return fc.constant(null)
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}
