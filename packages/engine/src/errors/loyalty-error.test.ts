import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ValidationError } from './common-errors'
import { isLoyaltyError, LoyaltyError } from './loyalty-error'
import { parseInput } from './zod-issues'

describe('LoyaltyError', () => {
  it('carries code, category, details and cause', () => {
    const cause = new Error('root')
    const e = new LoyaltyError('boom', { code: 'BOOM', category: 'conflict', details: { a: 1 }, cause })
    expect(e.code).toBe('BOOM')
    expect(e.category).toBe('conflict')
    expect(e.details).toEqual({ a: 1 })
    expect(e.cause).toBe(cause)
    expect(e).toBeInstanceOf(Error)
  })

  it('is recognised by shape, not only by instanceof', () => {
    const foreign = { isLoyaltyError: true, code: 'X', category: 'internal', message: 'm' }
    expect(isLoyaltyError(foreign)).toBe(true)
    expect(isLoyaltyError(new Error('plain'))).toBe(false)
    expect(isLoyaltyError({ isLoyaltyError: true })).toBe(false)
    expect(isLoyaltyError(null)).toBe(false)
  })

  it('parseInput reports one message per field', () => {
    const schema = z.object({ brandId: z.string().min(3), amount: z.number() })
    try {
      parseInput(schema, { brandId: 'x', amount: 'nope' })
      expect.unreachable()
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError)
      const fields = ((e as ValidationError).details as { field: string }[]).map((d) => d.field).sort()
      expect(fields).toEqual(['amount', 'brandId'])
    }
  })
})
