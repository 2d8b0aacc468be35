import { hostname } from 'node:os'
import { describe, expect, it } from 'vitest'
import { leaseHolderId, leaseHoldOf } from './lease-holder'

describe('leaseHolderId', () => {
  it('names the process and the hold; leaseHoldOf reads the hold back', () => {
    const exclusive = leaseHolderId({ hold: 'h0ld', id: 'abc' })
    expect(exclusive).toBe(`${hostname()}:${process.pid}:h0ld:abc`)
    expect(leaseHoldOf(exclusive)).toBe('h0ld')
    expect(leaseHoldOf(leaseHolderId({ hold: undefined, id: 'abc' }))).toBe('shared')
    expect(leaseHoldOf(leaseHolderId({ hold: 'h0ld', id: 'with:colons' }))).toBe('h0ld')
  })

  it('answers no hold for the formats of older versions (`host:pid:uuid`, `clawback-pid-uuid`)', () => {
    expect(leaseHoldOf(`${hostname()}:${process.pid}:0b6c2f7e`)).toBeUndefined()
    expect(leaseHoldOf(`clawback-${process.pid}-0b6c2f7e`)).toBeUndefined()
  })
})
