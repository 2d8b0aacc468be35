// Rows for the storage contract suites: valid, unique (random ids and addresses), and overridable.
import { randomBytes } from 'node:crypto'
import type { Brand, CustodialWallet, EventRule } from '@loyaltykit/engine'

export const address = () => `0x${randomBytes(20).toString('hex')}`
export const brand = (overrides: Partial<Brand> = {}): Brand => ({
  id: address(),
  name: 'Shop',
  websites: ['https://shop.example'],
  createdAt: 1_750_000_000_123,
  category: null,
  description: null,
  contactEmail: null,
  onboardedByAgentKeyId: null,
  updatedAt: 1_750_000_000_123,
  ...overrides,
})
export const rule = (brandId: string, overrides: Partial<EventRule> = {}): EventRule => ({
  brandId,
  eventType: 'account_creation',
  eventId: 'account_creation',
  rewardAmount: 100,
  maxClaims: 1,
  cooldownHours: 24,
  maxTotalClaims: null,
  detectionMethod: 'url_pattern',
  detectionConfig: { urlPatterns: [], successSelectors: [] },
  isCustom: false,
  enabled: true,
  updatedAt: 1_750_000_000_000,
  ...overrides,
})
export const wallet = (ownerKey: string, overrides: Partial<CustodialWallet> = {}): CustodialWallet => ({
  id: randomBytes(8).toString('hex'),
  address: address(),
  ownerKey,
  encryptedKey: `v1.cipher.${randomBytes(4).toString('hex')}`,
  createdAt: 1_750_000_000_456,
  ...overrides,
})
