import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

describe('per-IP rate limits section', () => {
  it('defaults: 100 a minute on the relayer (the spec), a documented limit per surface, IPv6 per /56', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      perMinute: {
        eventHandler: 600,
        pregeneration: 300,
        relayer: 100,
        perkCharges: 100,
        identity: 120,
        constraints: 60,
        payments: 60,
        proofs: 120,
        members: 60,
        site: 60,
      },
      ipv6Subnet: 56,
    })
  })

  it('reads every variable; 0 turns a limit off', () => {
    const c = loadConfig({
      LOYALTYKIT_EVENT_HANDLER_IP_PER_MINUTE: '1000',
      LOYALTYKIT_PREGENERATION_IP_PER_MINUTE: '0',
      LOYALTYKIT_RELAYER_IP_PER_MINUTE: '500',
      LOYALTYKIT_PERK_CHARGES_IP_PER_MINUTE: '50',
      LOYALTYKIT_IDENTITY_IP_PER_MINUTE: '10',
      LOYALTYKIT_CONSTRAINTS_IP_PER_MINUTE: '5',
      LOYALTYKIT_PAYMENTS_IP_PER_MINUTE: '7',
      LOYALTYKIT_PROOFS_IP_PER_MINUTE: '8',
      LOYALTYKIT_MEMBERS_IP_PER_MINUTE: '9',
      LOYALTYKIT_SITE_IP_PER_MINUTE: '11',
      LOYALTYKIT_RATE_LIMIT_IPV6_SUBNET: '64',
    })
    expect(c.rateLimits).toEqual({
      perMinute: {
        eventHandler: 1000,
        pregeneration: 0,
        relayer: 500,
        perkCharges: 50,
        identity: 10,
        constraints: 5,
        payments: 7,
        proofs: 8,
        members: 9,
        site: 11,
      },
      ipv6Subnet: 64,
    })
  })

  it('names every invalid variable', () => {
    expect(() =>
      loadConfig({ LOYALTYKIT_RELAYER_IP_PER_MINUTE: '-1', LOYALTYKIT_RATE_LIMIT_IPV6_SUBNET: '16' }),
    ).toThrow(
      /LOYALTYKIT_RELAYER_IP_PER_MINUTE must be an integer between 0 and 100000000 \(got "-1"\).*LOYALTYKIT_RATE_LIMIT_IPV6_SUBNET must be an integer between 32 and 128 \(got "16"\)/,
    )
  })
})
