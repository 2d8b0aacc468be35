import { describe, expect, it } from 'vitest'
import { isLoyaltyError } from '../errors/loyalty-error'
import { looksLikeTestId } from './looks-like-test-id'
import { OAUTH_PROVIDERS } from './oauth-providers'
import { parsePregenerateRequest } from './parse-pregenerate-request'

const BRAND = '0x1111111111111111111111111111111111111112'
const NOW = Date.parse('2025-06-01T00:00:00Z')

/** A real-looking id per provider (formats from each platform's documentation). */
const REAL_IDS: Record<(typeof OAUTH_PROVIDERS)[number], string> = {
  discord: '80351110224678912',
  twitter: '1354217842569052161',
  github: '583231',
  google: '110169484474386276334',
  telegram: '5372981046',
  spotify: '31l77fd7ts2ov7aakn2ajyzocjyi',
  instagram: '17841405822304914',
  tiktok: '-000ZJ5ZaWoGrkqGmTKWq1r6TCWQsQy7vGkN',
}

function refusal(body: unknown): { code: string; message: string; details: Record<string, unknown> } {
  try {
    parsePregenerateRequest(body, NOW)
  } catch (e) {
    if (!isLoyaltyError(e)) throw e
    return { code: e.code, message: e.message, details: e.details as Record<string, unknown> }
  }
  throw new Error(`expected ${JSON.stringify(body)} to be refused`)
}

describe('parsePregenerateRequest', () => {
  it.each(OAUTH_PROVIDERS)('accepts a real %s id', (provider) => {
    const r = parsePregenerateRequest(
      {
        brand_id: BRAND.toUpperCase().replace('0X', '0x'),
        oauth_provider: provider,
        oauth_user_id: REAL_IDS[provider],
      },
      NOW,
    )
    expect(r).toMatchObject({ brandId: BRAND, provider, oauthUserId: REAL_IDS[provider], metadata: null })
  })

  it('lists every missing field under `required`', () => {
    expect(refusal({ oauth_provider: 'discord', oauth_user_id: '  ' })).toEqual({
      code: 'MISSING_FIELDS',
      message: 'Missing required fields',
      details: { required: ['brand_id', 'oauth_provider', 'oauth_user_id'], missing: ['brand_id', 'oauth_user_id'] },
    })
    expect(refusal(null).details.missing).toEqual(['brand_id', 'oauth_provider', 'oauth_user_id'])
  })

  it('refuses unknown providers with the eight valid ones', () => {
    const r = refusal({ brand_id: BRAND, oauth_provider: 'facebook', oauth_user_id: '123' })
    expect(r.message).toBe('Invalid OAuth provider')
    expect(r.details).toEqual({
      valid_providers: ['discord', 'twitter', 'github', 'google', 'telegram', 'spotify', 'instagram', 'tiktok'],
    })
  })

  it.each([
    ['ann@example.com', 'email'],
    ['ann_the_user', 'username'],
    ['8035111022467891', 'too short (16 digits)'],
    ['803511102246789123456', 'too long (21 digits)'],
    ['99999999999999999998', 'snowflake from the future'],
    ['080351110224678912', 'leading zero'],
  ])('refuses Discord id %j (%s) with details and an example', (id) => {
    const r = refusal({ brand_id: BRAND, oauth_provider: 'discord', oauth_user_id: id })
    expect(r.message).toBe('Invalid Discord user ID')
    expect(Object.keys(r.details).sort()).toEqual(['details', 'example'])
    expect(r.details.example).toMatch(/^\d{17,20}$/)
  })

  it.each([
    ['twitter', 'jack@twitter.com'],
    ['twitter', 'jack'],
    ['github', 'octocat'],
    ['google', 'ann@gmail.com'],
    ['google', '12345678'],
    ['telegram', '@durov'],
    ['instagram', 'instagram'],
    ['spotify', 'wizzler'],
    ['tiktok', 'charlidamelio'],
  ])('refuses %s id %j (emails, usernames, wrong formats) with hint and provider', (provider, id) => {
    const r = refusal({ brand_id: BRAND, oauth_provider: provider, oauth_user_id: id })
    expect(r.message).toBe('Invalid OAuth credentials')
    expect(r.details.provider).toBe(provider)
    expect(typeof r.details.hint).toBe('string')
  })

  it.each([
    ['discord', '11111111111111111'],
    ['discord', '123456789012345678'],
    ['discord', '98765432109876543'],
    ['discord', '121212121212121212'],
    ['discord', '100000000000000000'],
    ['twitter', '1234567890'],
    ['github', '1111111'],
    ['google', '123456789012345678901'],
    ['telegram', '999999999'],
    ['instagram', '123123123123'],
    ['spotify', 'testuser1234567890abcd'],
    ['tiktok', 'abcdefghijklmnopqrstuvwxyz0'],
    ['tiktok', 'fake-open-id-000000000001'],
  ])('refuses the obvious test id %s %j as invalid credentials', (provider, id) => {
    const r = refusal({ brand_id: BRAND, oauth_provider: provider, oauth_user_id: id })
    expect(r).toMatchObject({ message: 'Invalid OAuth credentials', details: { provider } })
    expect(r.details.hint).toMatch(/test or placeholder/)
  })

  it.each([
    ['discord', 'nelly', true],
    ['discord', 'Nelly#1337', true],
    ['discord', 'a..b', false],
    ['discord', 'UPPER', false],
    ['twitter', '@jack', true],
    ['twitter', 'this_is_way_too_long', false],
    ['twitter', 'TwitterFan', false],
    ['github', 'octo-cat', true],
    ['github', '-octocat', false],
    ['github', 'octo--cat', false],
    ['google', 'ann.smith', true],
    ['google', 'ann@example.com', true],
    ['google', 'ann', false],
    ['telegram', 'durov', true],
    ['telegram', 'abc', false],
    ['telegram', '1durov', false],
    ['instagram', 'nat.geo_1', true],
    ['instagram', 'nat..geo', false],
    ['instagram', '.natgeo', false],
    ['spotify', 'wizzler', true],
    ['spotify', 'has space', false],
    ['tiktok', 'charli_d.amelio', true],
    ['tiktok', 'ends.', false],
  ])('checks %s username %j against the platform rules (valid: %s)', (provider, username, valid) => {
    const body = {
      brand_id: BRAND,
      oauth_provider: provider,
      oauth_user_id: REAL_IDS[provider as keyof typeof REAL_IDS],
      oauth_username: username,
    }
    if (valid) {
      expect(parsePregenerateRequest(body, NOW).oauthUsername).toBe(username.replace(/^@/, ''))
    } else {
      expect(refusal(body)).toMatchObject({ message: 'Invalid OAuth credentials', details: { provider } })
    }
  })

  it('keeps metadata objects, strips control characters, refuses a malformed brand_id or metadata', () => {
    const ok = parsePregenerateRequest(
      {
        brand_id: BRAND,
        oauth_provider: ' Discord ',
        oauth_user_id: `${REAL_IDS.discord}\u0000`,
        metadata: { campaign: 'spring\u200b' },
        unknown: 'ignored',
      },
      NOW,
    )
    expect(ok).toMatchObject({ provider: 'discord', oauthUserId: REAL_IDS.discord, metadata: { campaign: 'spring' } })
    expect(refusal({ brand_id: 'acme', oauth_provider: 'discord', oauth_user_id: REAL_IDS.discord }).message).toBe(
      'Invalid brand_id',
    )
    expect(
      refusal({ brand_id: BRAND, oauth_provider: 'discord', oauth_user_id: REAL_IDS.discord, metadata: [1] }).message,
    ).toBe('Invalid metadata')
  })

  it('refuses ids sent as JSON numbers (they lose precision)', () => {
    expect(refusal({ brand_id: BRAND, oauth_provider: 'github', oauth_user_id: 583231 }).message).toBe(
      'Invalid OAuth credentials',
    )
  })
})

describe('looksLikeTestId', () => {
  it('leaves real-looking ids alone, including short early-account ids', () => {
    for (const id of [...Object.values(REAL_IDS), '12', '583', '5551234', '100', '1000']) {
      expect(looksLikeTestId(id), id).toBe(false)
    }
  })
})
