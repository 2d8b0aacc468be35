import { z } from 'zod'

/** `schema` without `keys` (path parameters, which the document lists apart), when it is an object that has them. */
export function omitKeys(schema: z.ZodType, keys: readonly string[]): z.ZodType {
  if (!(schema instanceof z.ZodObject)) return schema
  const present = keys.filter((k) => k in schema.shape)
  if (present.length === 0) return schema
  return (schema as z.ZodObject).omit(Object.fromEntries(present.map((k) => [k, true])) as never)
}
