import { expect } from 'vitest'
import type { z } from 'zod'

/** The value is exactly what the schema describes: parsing neither fails nor drops a field. */
export function expectWire<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.parse(value)
  expect(parsed).toEqual(value)
  return parsed
}
