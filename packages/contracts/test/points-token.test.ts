import { encodeFunctionData, getAddress, keccak256, parseEventLogs, toHex, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
import { expectRevert, signPermit, startChain, type TestChain } from './edr.js'
import { actors, deployToken, ONE, TOKEN_NAME, TOKEN_SYMBOL, type Token } from './fixtures.js'

let chain: TestChain
let token: Token
let a: ReturnType<typeof actors>

const batch = (n: number) => keccak256(toHex(`batch-${n}`))

beforeAll(async () => {
  chain = await startChain()
  a = actors(chain)
  token = await deployToken(chain)
})
afterAll(async () => {
  await chain?.close()
})

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

describe('mintBatch', () => {
  it('mints to every recipient, emits one Transfer each and one BatchMinted', async () => {
    const to = [a.alice.address, a.bob.address, a.alice.address]
    const amounts = [5n * ONE, 7n * ONE, 1n]
    const receipt = await chain.mined(token.write.mintBatch([batch(1), to, amounts], { account: a.minter }))
    const transfers = parseEventLogs({ abi: pointsTokenAbi, logs: receipt.logs, eventName: 'Transfer' })
    expect(transfers.map((l) => [l.args.from, l.args.to, l.args.value])).toEqual([
      [zeroAddress, getAddress(a.alice.address), 5n * ONE],
      [zeroAddress, getAddress(a.bob.address), 7n * ONE],
      [zeroAddress, getAddress(a.alice.address), 1n],
    ])
    const minted = parseEventLogs({ abi: pointsTokenAbi, logs: receipt.logs, eventName: 'BatchMinted' })
    expect(minted).toHaveLength(1)
    expect(minted[0]!.args).toEqual({ batchId: batch(1), count: 3n, total: 12n * ONE + 1n })
    expect(await token.read.balanceOf([a.alice.address])).toBe(5n * ONE + 1n)
    expect(await token.read.balanceOf([a.bob.address])).toBe(7n * ONE)
    expect(await token.read.totalSupply()).toBe(12n * ONE + 1n)
    expect(await token.read.isBatchMinted([batch(1)])).toBe(true)
    expect(await token.read.isBatchMinted([batch(2)])).toBe(false)
  })

  it('reverts BatchAlreadyMinted when a batch id is reused', async () => {
    await expectRevert(
      token.write.mintBatch([batch(1), [a.bob.address], [1n]], { account: a.minter }),
      'BatchAlreadyMinted',
      [batch(1)],
    )
  })

  it('reverts LengthMismatch on arrays of different lengths', async () => {
    await expectRevert(
      token.write.mintBatch([batch(3), [a.bob.address, a.alice.address], [1n]], { account: a.minter }),
      'LengthMismatch',
    )
    await expectRevert(token.write.mintBatch([batch(3), [], [1n]], { account: a.minter }), 'LengthMismatch')
  })

  it('reverts EmptyBatch without recipients', async () => {
    await expectRevert(token.write.mintBatch([batch(3), [], []], { account: a.minter }), 'EmptyBatch')
  })

  it('reverts ERC20InvalidReceiver for the zero address and leaves the batch id unused', async () => {
    await expectRevert(
      token.write.mintBatch([batch(3), [a.bob.address, zeroAddress], [1n, 1n]], { account: a.minter }),
      'ERC20InvalidReceiver',
      [zeroAddress],
    )
    expect(await token.read.isBatchMinted([batch(3)])).toBe(false)
  })

  it('reverts AccessControlUnauthorizedAccount without MINTER_ROLE', async () => {
    await expectRevert(
      token.write.mintBatch([batch(3), [a.mallory.address], [1n]], { account: a.mallory }),
      'AccessControlUnauthorizedAccount',
      [a.mallory.address, MINTER_ROLE],
    )
  })

  it('panics on totalSupply overflow', async () => {
    const max = 2n ** 256n - 1n
    await expectRevert(token.write.mintBatch([batch(4), [a.bob.address], [max]], { account: a.minter }), 'Panic', [
      0x11n,
    ])
  })

  it('costs at most 35,000 gas per mint to a fresh holder in a batch of 500', async () => {
    const n = 500
    const to = Array.from({ length: n }, (_, i) => getAddress(keccak256(toHex(`fresh-holder-${i}`)).slice(0, 42)))
    const amounts = Array.from({ length: n }, (_, i) => BigInt(i + 1) * 10n ** 17n + 123n)
    const supplyBefore = await token.read.totalSupply()
    const started = performance.now()
    const receipt = await chain.mined(token.write.mintBatch([batch(500), to, amounts], { account: a.minter }))
    const ms = performance.now() - started
    const perMint = receipt.gasUsed / BigInt(n)
    const calldata = encodeFunctionData({
      abi: pointsTokenAbi,
      functionName: 'mintBatch',
      args: [batch(500), to, amounts],
    })
    console.log(
      `mintBatch(500 fresh holders): gasUsed=${receipt.gasUsed} => ${perMint} gas/mint ` +
        `(calldata ${(calldata.length - 2) / 2} bytes; tx cap 16,777,216; mined in ${ms.toFixed(0)} ms)`,
    )
    expect(perMint).toBeLessThanOrEqual(35_000n)
    expect(receipt.gasUsed).toBeLessThan(16_777_216n)
    const transfers = parseEventLogs({ abi: pointsTokenAbi, logs: receipt.logs, eventName: 'Transfer' })
    expect(transfers).toHaveLength(n)
    const total = amounts.reduce((x, y) => x + y, 0n)
    expect(await token.read.totalSupply()).toBe(supplyBefore + total)
    expect(await token.read.balanceOf([to[0]!])).toBe(amounts[0])
    expect(await token.read.balanceOf([to[n - 1]!])).toBe(amounts[n - 1])
    const [minted] = parseEventLogs({ abi: pointsTokenAbi, logs: receipt.logs, eventName: 'BatchMinted' })
    expect(minted?.args).toEqual({ batchId: batch(500), count: BigInt(n), total })
  })
})

describe('clawback', () => {
  it('burns from a holder without allowance and emits Transfer + Clawback', async () => {
    const before = await token.read.balanceOf([a.bob.address])
    const supply = await token.read.totalSupply()
    const receipt = await chain.mined(token.write.clawback([a.bob.address, 2n * ONE], { account: a.clawbacker }))
    const [transfer] = parseEventLogs({ abi: pointsTokenAbi, logs: receipt.logs, eventName: 'Transfer' })
    expect(transfer?.args).toEqual({ from: getAddress(a.bob.address), to: zeroAddress, value: 2n * ONE })
    const [ev] = parseEventLogs({ abi: pointsTokenAbi, logs: receipt.logs, eventName: 'Clawback' })
    expect(ev?.args).toEqual({
      from: getAddress(a.bob.address),
      amount: 2n * ONE,
      operator: getAddress(a.clawbacker.address),
    })
    expect(await token.read.balanceOf([a.bob.address])).toBe(before - 2n * ONE)
    expect(await token.read.totalSupply()).toBe(supply - 2n * ONE)
  })

  it('reverts ERC20InsufficientBalance above the balance', async () => {
    const balance = await token.read.balanceOf([a.bob.address])
    await expectRevert(
      token.write.clawback([a.bob.address, balance + 1n], { account: a.clawbacker }),
      'ERC20InsufficientBalance',
      [a.bob.address, balance, balance + 1n],
    )
  })

  it('reverts ERC20InvalidSender for the zero address', async () => {
    await expectRevert(token.write.clawback([zeroAddress, 1n], { account: a.clawbacker }), 'ERC20InvalidSender', [
      zeroAddress,
    ])
  })

  it('reverts AccessControlUnauthorizedAccount without CLAWBACK_ROLE (even for the admin and minter)', async () => {
    for (const account of [a.admin, a.minter, a.mallory]) {
      await expectRevert(token.write.clawback([a.bob.address, 1n], { account }), 'AccessControlUnauthorizedAccount', [
        account.address,
        CLAWBACK_ROLE,
      ])
    }
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
