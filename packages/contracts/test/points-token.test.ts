// PointsToken: the package's exports, its metadata and roles, and ERC-2612 permits.
import { keccak256, toHex, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  CLAWBACK_ROLE,
  contracts,
  DEFAULT_ADMIN_ROLE,
  MINTER_ROLE,
  OPERATOR_ROLE,
  pointsTokenAbi,
  pointsTokenBytecode,
  RELAYER_ROLE,
  roles,
} from '../src/index.js'
import { expectRevert, signPermit } from './edr.js'
import { ONE, TOKEN_NAME, TOKEN_SYMBOL } from './fixtures.js'
import { a, chain, token, useTokenChain } from './use-test-chain.js'

useTokenChain()

describe('exports', () => {
  it('role constants are keccak256 of their names and match the contracts', async () => {
    for (const name of ['MINTER_ROLE', 'CLAWBACK_ROLE', 'OPERATOR_ROLE', 'RELAYER_ROLE'] as const) {
      expect(roles[name]).toBe(keccak256(toHex(name)))
    }
    expect(DEFAULT_ADMIN_ROLE).toBe(`0x${'0'.repeat(64)}`)
    expect(await token.read.MINTER_ROLE()).toBe(MINTER_ROLE)
    expect(await token.read.CLAWBACK_ROLE()).toBe(CLAWBACK_ROLE)
    expect(await token.read.DEFAULT_ADMIN_ROLE()).toBe(DEFAULT_ADMIN_ROLE)
    expect(contracts.PointsToken.abi).toBe(pointsTokenAbi)
    expect(Object.keys(contracts)).toEqual(['PointsToken', 'PerkCollection', 'PointsSale', 'BusinessEscrow'])
    expect(OPERATOR_ROLE).not.toBe(RELAYER_ROLE)
  })
})

describe('PointsToken basics', () => {
  it('has metadata, 18 decimals and gives the admin DEFAULT_ADMIN_ROLE only', async () => {
    expect(await token.read.name()).toBe(TOKEN_NAME)
    expect(await token.read.symbol()).toBe(TOKEN_SYMBOL)
    expect(await token.read.decimals()).toBe(18)
    expect(await token.read.totalSupply()).toBe(0n)
    expect(await token.read.hasRole([DEFAULT_ADMIN_ROLE, a.admin.address])).toBe(true)
    expect(await token.read.hasRole([MINTER_ROLE, a.admin.address])).toBe(false)
    expect(await token.read.hasRole([MINTER_ROLE, a.minter.address])).toBe(true)
    expect(await token.read.hasRole([CLAWBACK_ROLE, a.clawbacker.address])).toBe(true)
    const domain = await token.read.eip712Domain()
    expect(domain[1]).toBe(TOKEN_NAME)
    expect(domain[2]).toBe('1')
    expect(domain[3]).toBe(31337n)
  })

  it('supports the ERC-165 and IAccessControl interfaces', async () => {
    expect(await token.read.supportsInterface(['0x01ffc9a7'])).toBe(true)
    expect(await token.read.supportsInterface(['0x7965db0b'])).toBe(true)
    expect(await token.read.supportsInterface(['0xffffffff'])).toBe(false)
  })

  it('constructor rejects a zero admin', async () => {
    await expectRevert(
      chain.deploy({ abi: pointsTokenAbi, bytecode: pointsTokenBytecode, args: ['X', 'X', zeroAddress] }),
      'ZeroAddress',
    )
  })

  it('only the admin manages roles', async () => {
    await expectRevert(
      token.write.grantRole([MINTER_ROLE, a.mallory.address], { account: a.mallory }),
      'AccessControlUnauthorizedAccount',
      [a.mallory.address, DEFAULT_ADMIN_ROLE],
    )
    await chain.mined(token.write.grantRole([MINTER_ROLE, a.bob.address]))
    expect(await token.read.hasRole([MINTER_ROLE, a.bob.address])).toBe(true)
    await chain.mined(token.write.revokeRole([MINTER_ROLE, a.bob.address]))
    expect(await token.read.hasRole([MINTER_ROLE, a.bob.address])).toBe(false)
  })
})

describe('ERC-2612 permit', () => {
  it('sets an allowance from a signature submitted by a relayer and bumps the nonce', async () => {
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
    const nonce = await token.read.nonces([a.alice.address])
    const sig = await signPermit({
      chain,
      token: { address: token.address, name: TOKEN_NAME },
      owner: a.alice,
      spender: a.relayer.address,
      value: 3n * ONE,
      deadline,
      nonce,
    })
    await chain.mined(
      token.write.permit([a.alice.address, a.relayer.address, 3n * ONE, deadline, sig.v, sig.r, sig.s], {
        account: a.relayer,
      }),
    )
    expect(await token.read.allowance([a.alice.address, a.relayer.address])).toBe(3n * ONE)
    expect(await token.read.nonces([a.alice.address])).toBe(nonce + 1n)
    // replaying the same signature fails: the nonce moved on, so it recovers to another signer
    await expectRevert(
      token.write.permit([a.alice.address, a.relayer.address, 3n * ONE, deadline, sig.v, sig.r, sig.s], {
        account: a.relayer,
      }),
      'ERC2612InvalidSigner',
    )
  })

  it('reverts ERC2612ExpiredSignature after the deadline', async () => {
    const deadline = 1n
    const sig = await signPermit({
      chain,
      token: { address: token.address, name: TOKEN_NAME },
      owner: a.alice,
      spender: a.relayer.address,
      value: 1n,
      deadline,
      nonce: await token.read.nonces([a.alice.address]),
    })
    await expectRevert(
      token.write.permit([a.alice.address, a.relayer.address, 1n, deadline, sig.v, sig.r, sig.s], {
        account: a.relayer,
      }),
      'ERC2612ExpiredSignature',
      [deadline],
    )
  })

  it('reverts ERC2612InvalidSigner when signed by someone else', async () => {
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
    const sig = await signPermit({
      chain,
      token: { address: token.address, name: TOKEN_NAME },
      owner: a.mallory,
      ownerAddress: a.alice.address,
      spender: a.relayer.address,
      value: 1n,
      deadline,
      nonce: await token.read.nonces([a.alice.address]),
    })
    await expectRevert(
      token.write.permit([a.alice.address, a.relayer.address, 1n, deadline, sig.v, sig.r, sig.s], {
        account: a.relayer,
      }),
      'ERC2612InvalidSigner',
      [a.mallory.address, a.alice.address],
    )
  })
})
