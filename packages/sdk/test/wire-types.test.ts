import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { generateWireTypes, WIRE_TYPES_FILE } from '../scripts/generate-wire-types'
import type { GeneratedWireTypes } from '../src/types/wire'
import type { WireTypeMap } from '../src/types/wire-type-map'

// Compile-time half (checked by `pnpm --filter @loyaltykit/sdk typecheck`): every generated type is
// mutually assignable with the z.input/z.output of its engine schema, and both lists name the same types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Drift = {
  [K in keyof WireTypeMap]: K extends keyof GeneratedWireTypes ? Same<WireTypeMap[K], GeneratedWireTypes[K]> : false
}
const noDrift: { [K in keyof WireTypeMap]: true } = {} as Drift
const sameNames: { [K in keyof GeneratedWireTypes]: true } = {} as {
  [K in keyof GeneratedWireTypes]: K extends keyof WireTypeMap ? true : false
}

describe('generated wire types', () => {
  it('src/types/wire.ts is what the engine schemas generate now (run generate:wire-types when this fails)', () => {
    expect(noDrift).toBeDefined()
    expect(sameNames).toBeDefined()
    expect(readFileSync(WIRE_TYPES_FILE, 'utf8')).toBe(generateWireTypes())
  }, 60_000)
})
