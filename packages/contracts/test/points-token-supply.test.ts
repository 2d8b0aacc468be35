// PointsToken's supply: the minter's idempotent batches and the clawback role's burns (the clawback
// tests take back what the mint tests gave bob).
import { encodeFunctionData, getAddress, keccak256, parseEventLogs, toHex, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { CLAWBACK_ROLE, MINTER_ROLE, pointsTokenAbi } from '../src/index.js'
import { expectRevert } from './edr.js'
import { ONE } from './fixtures.js'
import { a, chain, token, useTokenChain } from './use-test-chain.js'

useTokenChain()

const batch = (n: number) => keccak256(toHex(`batch-${n}`))

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
