import { describe, expect, it } from 'vitest'
import { maskEmail } from './mask-email'

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('ann@example.com')).toBe('a***@example.com')
    expect(maskEmail('a@example.com')).toBe('a***@example.com')
    expect(maskEmail('first.last+tag@mail.example.co.uk')).toBe('f***@mail.example.co.uk')
  })

  it('hides the whole local part whatever its length, so the mask says nothing of it', () => {
    expect(maskEmail('bo@example.com')).toBe('b***@example.com')
    expect(maskEmail('bartholomew@example.com')).toBe('b***@example.com')
  })

  it('keeps a character outside the BMP whole, and masks what is not an email', () => {
    expect(maskEmail('😀x@example.com')).toBe('😀***@example.com')
    expect(maskEmail('not-an-email')).toBe('***')
    expect(maskEmail('@example.com')).toBe('***')
    expect(maskEmail('')).toBe('***')
  })

  it('splits at the last @ (a quoted local part may hold one)', () => {
    expect(maskEmail('"a@b"@example.com')).toBe('"***@example.com')
  })
})
