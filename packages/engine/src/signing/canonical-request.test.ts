import { describe, expect, it } from 'vitest'
import { canonicalRequest } from './canonical-request'

describe('canonicalRequest', () => {
  it('joins timestamp, upper-case method, path with query and the hex SHA-256 of the raw body', () => {
    expect(
      canonicalRequest({
        timestamp: '1750000000',
        method: 'post',
        pathWithQuery: '/redeem-perk?x=1',
        rawBody: '{"a":1}',
      }),
    ).toBe('1750000000\nPOST\n/redeem-perk?x=1\n015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862')
    // No body hashes the empty string, as bytes or as text alike.
    const empty = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
    expect(canonicalRequest({ timestamp: '1', method: 'GET', pathWithQuery: '/a', rawBody: undefined })).toBe(
      `1\nGET\n/a\n${empty}`,
    )
    expect(canonicalRequest({ timestamp: '1', method: 'GET', pathWithQuery: '/a', rawBody: new Uint8Array() })).toBe(
      `1\nGET\n/a\n${empty}`,
    )
  })
})
