// The cases check-eligibility-http.test.ts judges through both endpoints: the state each builds (a rule,
// prior claims, a disabled rule), what it sends (body, caller) and the reasons the dry run must give.
import type { EngineParameters } from '@loyaltykit/engine'

export const SITE = 'https://elig.example.com'
export const DOMAIN = 'elig.example.com'

export type Caller =
  | 'anonymous'
  | 'key'
  | 'badKey'
  | 'otherBrandKey'
  | { origin: string }
  | { origin: string; key: true }

export type Case = {
  name: string
  /** A custom rule `custom_<slug>` made for the case; without it the event is `eventType` (default rules). */
  rule?: Omit<EngineParameters<'rules', 'set'>, 'brandId' | 'eventType' | 'custom'>
  eventType?: string
  /** Claims of this user before the check; aged out of the duplicate window unless `recent`. */
  prior?: number
  recent?: boolean
  /** Claims of other users before the check. */
  priorOthers?: number
  /** The rule is disabled after the prior claims. */
  disable?: true
  body?: Record<string, unknown>
  caller?: Caller
  /** The reasons' codes in order ([] = eligible), or the error both endpoints answer. */
  expected: string[] | { status: number; code: string }
}

export const CASES: Case[] = [
  { name: 'first claim', rule: { rewardAmount: 7 }, expected: [] },
  { name: 'cooldown', rule: { rewardAmount: 5, maxClaims: -1, cooldownHours: 24 }, prior: 1, expected: ['cooldown'] },
  { name: 'max claims', rule: { rewardAmount: 5, maxClaims: 2, cooldownHours: 0 }, prior: 2, expected: ['max_claims'] },
  {
    name: 'max claims and cooldown',
    rule: { rewardAmount: 5, maxClaims: 1, cooldownHours: 24 },
    prior: 1,
    expected: ['max_claims', 'cooldown'],
  },
  {
    name: 'max total claims',
    rule: { rewardAmount: 5, maxTotalClaims: 2 },
    priorOthers: 2,
    expected: ['max_total_claims'],
  },
  {
    name: 'duplicate',
    rule: { rewardAmount: 5, maxClaims: -1, cooldownHours: 0 },
    prior: 1,
    recent: true,
    expected: ['duplicate'],
  },
  {
    name: 'duplicate of a default rule, with its limits',
    eventType: 'complete_survey',
    prior: 1,
    recent: true,
    expected: ['duplicate', 'max_claims', 'cooldown'],
  },
  {
    name: 'every claim check',
    rule: { rewardAmount: 5, maxClaims: 1, cooldownHours: 24, maxTotalClaims: 2 },
    prior: 1,
    recent: true,
    priorOthers: 1,
    expected: ['duplicate', 'max_total_claims', 'max_claims', 'cooldown'],
  },
  {
    name: 'unlimited maxClaims 999999',
    rule: { rewardAmount: 5, maxClaims: 999999, cooldownHours: 0 },
    prior: 2,
    expected: [],
  },
  {
    name: 'skip_cooldown',
    rule: { rewardAmount: 5, maxClaims: -1, cooldownHours: 24 },
    prior: 1,
    body: { metadata: { skip_cooldown: true } },
    expected: [],
  },
  {
    name: 'channel not allowed',
    rule: { rewardAmount: 5, channels: ['#support'] },
    body: { channel_id: 'random' },
    expected: ['channel'],
  },
  {
    name: 'channel allowed',
    rule: { rewardAmount: 5, channels: ['#support'] },
    body: { channel_id: 'SUPPORT' },
    expected: [],
  },
  { name: 'unknown event type', eventType: 'referral', expected: ['unknown_event'] },
  { name: 'disabled rule', rule: { rewardAmount: 5 }, disable: true, expected: ['disabled'] },
  {
    name: 'disabled rule with its limits',
    rule: { rewardAmount: 5, maxClaims: 1, cooldownHours: 24 },
    prior: 1,
    disable: true,
    expected: ['disabled', 'max_claims', 'cooldown'],
  },
  { name: 'wrong domain', rule: { rewardAmount: 5 }, body: { domain: 'evil.example.org' }, expected: ['domain'] },
  { name: 'no domain at all', rule: { rewardAmount: 5 }, body: { domain: undefined }, expected: ['domain'] },
  {
    name: 'domain from sourceUrl',
    rule: { rewardAmount: 5 },
    body: { domain: undefined, sourceUrl: `https://www.${DOMAIN}/signup` },
    expected: [],
  },
  {
    name: 'an Origin naming another site',
    rule: { rewardAmount: 5 },
    caller: { origin: 'https://evil.example.org' },
    expected: ['domain'],
  },
  {
    name: 'a page of the brand (Origin)',
    rule: { rewardAmount: 5 },
    body: { domain: undefined },
    caller: { origin: SITE },
    expected: [],
  },
  {
    name: 'a refused domain hides the rest',
    rule: { rewardAmount: 5, maxClaims: 1, cooldownHours: 24 },
    prior: 1,
    disable: true,
    body: { domain: 'evil.example.org' },
    expected: ['domain'],
  },
  {
    name: 'internal source without the key',
    rule: { rewardAmount: 5, maxClaims: 1, cooldownHours: 24 },
    prior: 1,
    recent: true,
    body: { metadata: { source: 'chat_manual_reward' } },
    expected: ['duplicate', 'max_claims', 'cooldown'],
  },
  {
    name: 'internal source with the key',
    rule: { rewardAmount: 5, maxClaims: 1, cooldownHours: 24 },
    prior: 1,
    recent: true,
    body: { metadata: { source: 'voice_claim' } },
    caller: 'key',
    expected: [],
  },
  {
    name: 'internal source with the key against the global max',
    rule: { rewardAmount: 5, maxClaims: 1, cooldownHours: 24, maxTotalClaims: 2 },
    prior: 1,
    priorOthers: 1,
    body: { metadata: { source: 'gateway_event' } },
    caller: 'key',
    expected: ['max_total_claims'],
  },
  {
    name: 'another source with the key',
    rule: { rewardAmount: 5, maxClaims: 1, cooldownHours: 24 },
    prior: 1,
    body: { metadata: { source: 'website' } },
    caller: 'key',
    expected: ['max_claims', 'cooldown'],
  },
  {
    name: 'a reward to an address',
    rule: { rewardAmount: 5 },
    body: { userIdentifier: '0x00000000000000000000000000000000000000aa' },
    expected: [],
  },
  // Not the rule's judgement: the same error from both endpoints.
  {
    name: 'malformed body',
    rule: { rewardAmount: 5 },
    body: { userEmail: 'not an email' },
    expected: { status: 400, code: 'VALIDATION_FAILED' },
  },
  {
    name: 'unknown brand',
    rule: { rewardAmount: 5 },
    body: { brandId: `0x${'ab'.repeat(20)}` },
    expected: { status: 404, code: 'BRAND_NOT_FOUND' },
  },
  {
    name: 'invalid API key',
    rule: { rewardAmount: 5 },
    caller: 'badKey',
    expected: { status: 401, code: 'INVALID_API_KEY' },
  },
  {
    name: 'API key of another brand',
    rule: { rewardAmount: 5 },
    caller: 'otherBrandKey',
    expected: { status: 403, code: 'API_KEY_BRAND_MISMATCH' },
  },
  {
    name: 'invalid API key on a refused domain (the domain answers first)',
    rule: { rewardAmount: 5 },
    body: { domain: 'evil.example.org' },
    caller: 'badKey',
    expected: ['domain'],
  },
]
