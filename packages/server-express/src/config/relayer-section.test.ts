import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

/** The relayer section of a configuration whose LOYALTYKIT_PUBLIC_URL is `publicUrl`. */
const loadRelayerConfig = (env: Record<string, string>, publicUrl: string) =>
  loadConfig({ LOYALTYKIT_PUBLIC_URL: publicUrl, ...env }).relayer

describe('relayer section', () => {
  it("defaults to the spec's limits, no base path, and the server's own origin", () => {
    expect(loadRelayerConfig({}, 'http://localhost:3000')).toEqual({
      basePath: '',
      allowedOrigins: ['http://localhost:3000'],
      requireOrigin: false,
      transactionsPerHour: 35,
      maxGasLimit: 1_000_000,
      userDailyGasBudget: undefined,
      brandDailyGasBudget: undefined,
      receiptTimeoutMs: 60_000,
      replaceAfterMs: 30_000,
    })
  })

  it('reads every variable', () => {
    const config = loadRelayerConfig(
      {
        LOYALTYKIT_RELAYER_BASE_PATH: '/relayer/',
        LOYALTYKIT_RELAYER_ORIGINS: 'https://app.example, https://shop.example/',
        LOYALTYKIT_RELAYER_REQUIRE_ORIGIN: 'true',
        LOYALTYKIT_RELAYER_TX_PER_HOUR: '10',
        LOYALTYKIT_RELAYER_MAX_GAS: '500000',
        LOYALTYKIT_RELAYER_USER_DAILY_GAS: '2000000',
        LOYALTYKIT_RELAYER_BRAND_DAILY_GAS: '90000000',
        LOYALTYKIT_RELAYER_RECEIPT_TIMEOUT_MS: '30000',
        LOYALTYKIT_RELAYER_REPLACE_AFTER_MS: '5000',
      },
      'https://loyalty.example',
    )
    expect(config).toEqual({
      basePath: '/relayer',
      allowedOrigins: ['https://loyalty.example', 'https://app.example', 'https://shop.example'],
      requireOrigin: true,
      transactionsPerHour: 10,
      maxGasLimit: 500_000,
      userDailyGasBudget: 2_000_000,
      brandDailyGasBudget: 90_000_000,
      receiptTimeoutMs: 30_000,
      replaceAfterMs: 5_000,
    })
  })

  it('names every invalid variable in one error; the gas cap cannot exceed 1,000,000', () => {
    expect(() =>
      loadRelayerConfig(
        {
          LOYALTYKIT_RELAYER_MAX_GAS: '2000000',
          LOYALTYKIT_RELAYER_ORIGINS: 'not an origin',
          LOYALTYKIT_RELAYER_BASE_PATH: 'x',
        },
        'http://localhost:3000',
      ),
    ).toThrow(/LOYALTYKIT_RELAYER_BASE_PATH.*LOYALTYKIT_RELAYER_ORIGINS.*LOYALTYKIT_RELAYER_MAX_GAS/)
  })
})

describe('relayer section: contradictions', () => {
  it('refuses a relayed gas cap above the server-wide signing cap', () => {
    expect(() => loadRelayerConfig({ LOYALTYKIT_MAX_GAS: '500000' }, 'http://localhost:3000')).toThrow(
      'LOYALTYKIT_RELAYER_MAX_GAS (1000000) must not exceed LOYALTYKIT_MAX_GAS (500000)',
    )
    expect(
      loadRelayerConfig({ LOYALTYKIT_MAX_GAS: '500000', LOYALTYKIT_RELAYER_MAX_GAS: '400000' }, 'http://localhost:3000')
        .maxGasLimit,
    ).toBe(400_000)
  })
})
