import { DEFAULT_MAX_FEE_PER_GAS, isLoyaltyError } from '@loyaltykit/engine'
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './load-config'

const KEY = `0x${'ab'.repeat(32)}`
const RELAYER = `0x${'cd'.repeat(32)}`
const ADDRESSES = {
  LOYALTYKIT_POINTS_TOKEN_ADDRESS: `0x${'11'.repeat(20)}`,
  LOYALTYKIT_PERK_COLLECTION_ADDRESS: `0x${'22'.repeat(20)}`,
  LOYALTYKIT_POINTS_SALE_ADDRESS: `0x${'33'.repeat(20)}`,
  LOYALTYKIT_BUSINESS_ESCROW_ADDRESS: `0x${'44'.repeat(20)}`,
}
const chain = (env: Record<string, string>) => loadConfig(env).chain
function problems(env: Record<string, string>): string {
  try {
    chain(env)
  } catch (e) {
    if (isLoyaltyError(e) && e.code === 'INVALID_CONFIG') return e.message
    throw e
  }
  return 'ok'
}

describe('chain section', () => {
  it('defaults: the embedded chain with the default gas caps', () => {
    expect(chain({})).toEqual({
      rpcUrl: undefined,
      minterKey: undefined,
      deployerKey: undefined,
      relayerKey: undefined,
      explorerUrl: undefined,
      gasCaps: { maxFeePerGas: DEFAULT_MAX_FEE_PER_GAS, maxGas: 16_000_000n },
      contracts: undefined,
    })
  })

  it('an RPC chain with its keys, caps and contract addresses', () => {
    expect(
      chain({
        LOYALTYKIT_RPC_URL: 'wss://rpc.example/ws',
        LOYALTYKIT_MINTER_KEY: KEY,
        LOYALTYKIT_RELAYER_KEY: RELAYER,
        LOYALTYKIT_EXPLORER_URL: 'https://explorer.example/',
        LOYALTYKIT_MAX_FEE_PER_GAS_GWEI: '2.5',
        LOYALTYKIT_MAX_GAS: '1000000',
        ...ADDRESSES,
      }),
    ).toEqual({
      rpcUrl: 'wss://rpc.example/ws',
      minterKey: KEY,
      deployerKey: KEY,
      relayerKey: RELAYER,
      explorerUrl: 'https://explorer.example',
      gasCaps: { maxFeePerGas: 2_500_000_000n, maxGas: 1_000_000n },
      contracts: {
        pointsToken: getAddress(ADDRESSES.LOYALTYKIT_POINTS_TOKEN_ADDRESS),
        perkCollection: getAddress(ADDRESSES.LOYALTYKIT_PERK_COLLECTION_ADDRESS),
        pointsSale: getAddress(ADDRESSES.LOYALTYKIT_POINTS_SALE_ADDRESS),
        businessEscrow: getAddress(ADDRESSES.LOYALTYKIT_BUSINESS_ESCROW_ADDRESS),
      },
    })
  })

  it('refuses bad values without echoing keys', () => {
    const message = problems({
      LOYALTYKIT_RPC_URL: 'ftp://rpc.example',
      LOYALTYKIT_RELAYER_KEY: '0xsecretsecret',
      LOYALTYKIT_MAX_FEE_PER_GAS_GWEI: '0',
      LOYALTYKIT_MAX_GAS: '17000000',
      LOYALTYKIT_POINTS_TOKEN_ADDRESS: '0x1234',
    })
    expect(message).toContain('LOYALTYKIT_RPC_URL must be an http:// or https:// or ws:// or wss:// URL')
    expect(message).toContain('LOYALTYKIT_RELAYER_KEY must be a 0x-prefixed 32-byte hex private key')
    expect(message).toContain('LOYALTYKIT_MAX_FEE_PER_GAS_GWEI must be a positive number of gwei')
    expect(message).toContain('LOYALTYKIT_MAX_GAS must be an integer between 21000 and 16777216')
    expect(message).toContain('LOYALTYKIT_POINTS_TOKEN_ADDRESS must be a 0x address (got "0x1234")')
    expect(message).not.toContain('secretsecret')
  })

  it('refuses contradictions: an RPC URL without the minter key, some addresses, addresses without an RPC URL', () => {
    expect(problems({ LOYALTYKIT_RPC_URL: 'https://rpc.example' })).toBe(
      'invalid configuration: LOYALTYKIT_MINTER_KEY is required with LOYALTYKIT_RPC_URL (the account that mints)',
    )
    const some = problems({
      LOYALTYKIT_RPC_URL: 'https://rpc.example',
      LOYALTYKIT_MINTER_KEY: KEY,
      LOYALTYKIT_POINTS_TOKEN_ADDRESS: ADDRESSES.LOYALTYKIT_POINTS_TOKEN_ADDRESS,
    })
    expect(some).toContain(
      'LOYALTYKIT_PERK_COLLECTION_ADDRESS is required with LOYALTYKIT_POINTS_TOKEN_ADDRESS (set all four contract addresses or none)',
    )
    expect(some).toContain('LOYALTYKIT_BUSINESS_ESCROW_ADDRESS is required')
    expect(problems(ADDRESSES)).toContain(
      'LOYALTYKIT_POINTS_TOKEN_ADDRESS needs LOYALTYKIT_RPC_URL (the embedded chain deploys its own contracts)',
    )
  })
})
