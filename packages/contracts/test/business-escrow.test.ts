import { getAddress, parseEventLogs, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  businessEscrowAbi,
  businessEscrowBytecode,
  DEFAULT_ADMIN_ROLE,
  EscrowStatus,
  OPERATOR_ROLE,
  RELAYER_ROLE,
} from '../src/index.js'
import { expectRevert, signPermit } from './edr.js'
import { ONE, TOKEN_NAME } from './fixtures.js'
import { a, chain, suite, useFundedSuite } from './use-test-chain.js'

useFundedSuite()

/** alice approves and the relayer deposits `amount` for the brand (business); returns the escrow id. */
async function deposit(amount: bigint, payer = a.alice) {
  const { escrow, token } = suite
  await chain.mined(token.write.approve([escrow.address, amount], { account: payer }))
  const { result } = await escrow.simulate.depositFor([payer.address, a.brand.address, amount], { account: a.relayer })
  await chain.mined(escrow.write.depositFor([payer.address, a.brand.address, amount], { account: a.relayer }))
  return result
}

describe('BusinessEscrow setup', () => {
  it('stores the points token and admin', async () => {
    const { escrow, token } = suite
    expect(await escrow.read.points()).toBe(getAddress(token.address))
    expect(await escrow.read.hasRole([DEFAULT_ADMIN_ROLE, a.admin.address])).toBe(true)
    expect(await escrow.read.OPERATOR_ROLE()).toBe(OPERATOR_ROLE)
    expect(await escrow.read.RELAYER_ROLE()).toBe(RELAYER_ROLE)
  })

  it('constructor rejects zero addresses', async () => {
    for (const args of [
      [zeroAddress, a.admin.address],
      [suite.token.address, zeroAddress],
    ] as const) {
      await expectRevert(
        chain.deploy({ abi: businessEscrowAbi, bytecode: businessEscrowBytecode, args }),
        'ZeroAddress',
      )
    }
  })
})

describe('depositFor', () => {
  it('permit + depositFor pulls the points into escrow and emits Deposited', async () => {
    const { escrow, token } = suite
    const amount = 50n * ONE
    const deadline = (await chain.publicClient.getBlock()).timestamp + 600n
    const sig = await signPermit({
      chain,
      token: { address: token.address, name: TOKEN_NAME },
      owner: a.alice,
      spender: escrow.address,
      value: amount,
      deadline,
      nonce: await token.read.nonces([a.alice.address]),
    })
    await chain.mined(
      token.write.permit([a.alice.address, escrow.address, amount, deadline, sig.v, sig.r, sig.s], {
        account: a.relayer,
      }),
    )
    const before = await token.read.balanceOf([a.alice.address])
    const { result: id } = await escrow.simulate.depositFor([a.alice.address, a.brand.address, amount], {
      account: a.relayer,
    })
    const receipt = await chain.mined(
      escrow.write.depositFor([a.alice.address, a.brand.address, amount], { account: a.relayer }),
    )
    const block = await chain.publicClient.getBlock({ blockNumber: receipt.blockNumber })
    expect(parseEventLogs({ abi: businessEscrowAbi, logs: receipt.logs, eventName: 'Deposited' })[0]?.args).toEqual({
      escrowId: id,
      payer: getAddress(a.alice.address),
      business: getAddress(a.brand.address),
      amount,
    })
    expect(await escrow.read.escrow([id])).toEqual({
      payer: getAddress(a.alice.address),
      createdAt: block.timestamp,
      status: EscrowStatus.Pending,
      business: getAddress(a.brand.address),
      amount,
    })
    expect(await escrow.read.escrowCount()).toBe(id)
    expect(await token.read.balanceOf([a.alice.address])).toBe(before - amount)
    expect(await token.read.balanceOf([escrow.address])).toBeGreaterThanOrEqual(amount)
  })

  it('reverts ZeroAddress / ZeroAmount on bad arguments', async () => {
    const { escrow } = suite
    await expectRevert(
      escrow.write.depositFor([zeroAddress, a.brand.address, 1n], { account: a.relayer }),
      'ZeroAddress',
    )
    await expectRevert(
      escrow.write.depositFor([a.alice.address, zeroAddress, 1n], { account: a.relayer }),
      'ZeroAddress',
    )
    await expectRevert(
      escrow.write.depositFor([a.alice.address, a.brand.address, 0n], { account: a.relayer }),
      'ZeroAmount',
    )
  })

  it('reverts ERC20InsufficientAllowance without allowance', async () => {
    await expectRevert(
      suite.escrow.write.depositFor([a.bob.address, a.brand.address, 5n], { account: a.relayer }),
      'ERC20InsufficientAllowance',
      [suite.escrow.address, 0n, 5n],
    )
  })

  it('reverts AccessControlUnauthorizedAccount without RELAYER_ROLE', async () => {
    for (const account of [a.alice, a.operator, a.admin]) {
      await expectRevert(
        suite.escrow.write.depositFor([a.alice.address, a.brand.address, 1n], { account }),
        'AccessControlUnauthorizedAccount',
        [account.address, RELAYER_ROLE],
      )
    }
  })
})

describe('release', () => {
  it('the payer releases: the business is paid and Released is emitted', async () => {
    const { escrow, token } = suite
    const id = await deposit(7n * ONE)
    const before = await token.read.balanceOf([a.brand.address])
    const receipt = await chain.mined(escrow.write.release([id], { account: a.alice }))
    expect(parseEventLogs({ abi: businessEscrowAbi, logs: receipt.logs, eventName: 'Released' })[0]?.args).toEqual({
      escrowId: id,
      business: getAddress(a.brand.address),
      amount: 7n * ONE,
      by: getAddress(a.alice.address),
    })
    expect(await token.read.balanceOf([a.brand.address])).toBe(before + 7n * ONE)
    expect((await escrow.read.escrow([id])).status).toBe(EscrowStatus.Released)
  })

  it('an operator can release', async () => {
    const id = await deposit(1n)
    await chain.mined(suite.escrow.write.release([id], { account: a.operator }))
    expect((await suite.escrow.read.escrow([id])).status).toBe(EscrowStatus.Released)
  })

  it('reverts Unauthorized for the business, the relayer and strangers', async () => {
    const id = await deposit(1n)
    for (const account of [a.brand, a.relayer, a.mallory, a.admin]) {
      await expectRevert(suite.escrow.write.release([id], { account }), 'Unauthorized', [account.address])
    }
  })

  it('reverts EscrowNotPending(id, status) once released or refunded', async () => {
    const { escrow } = suite
    const released = await deposit(1n)
    await chain.mined(escrow.write.release([released], { account: a.operator }))
    await expectRevert(escrow.write.release([released], { account: a.operator }), 'EscrowNotPending', [
      released,
      EscrowStatus.Released,
    ])
    await expectRevert(escrow.write.refund([released], { account: a.operator }), 'EscrowNotPending', [
      released,
      EscrowStatus.Released,
    ])
    const refunded = await deposit(1n)
    await chain.mined(escrow.write.refund([refunded], { account: a.operator }))
    await expectRevert(escrow.write.release([refunded], { account: a.alice }), 'EscrowNotPending', [
      refunded,
      EscrowStatus.Refunded,
    ])
    await expectRevert(escrow.write.refund([refunded], { account: a.brand }), 'EscrowNotPending', [
      refunded,
      EscrowStatus.Refunded,
    ])
  })

  it('reverts EscrowNotFound for unknown ids (release, refund, escrow)', async () => {
    const { escrow } = suite
    const unknown = (await escrow.read.escrowCount()) + 1n
    await expectRevert(escrow.write.release([unknown], { account: a.operator }), 'EscrowNotFound', [unknown])
    await expectRevert(escrow.write.refund([unknown], { account: a.operator }), 'EscrowNotFound', [unknown])
    await expectRevert(escrow.read.escrow([unknown]), 'EscrowNotFound', [unknown])
    await expectRevert(escrow.read.escrow([0n]), 'EscrowNotFound', [0n])
  })
})

describe('refund', () => {
  it('the business refunds: the payer gets the points back and Refunded is emitted', async () => {
    const { escrow, token } = suite
    const before = await token.read.balanceOf([a.bob.address])
    const id = await deposit(9n * ONE, a.bob)
    expect(await token.read.balanceOf([a.bob.address])).toBe(before - 9n * ONE)
    const receipt = await chain.mined(escrow.write.refund([id], { account: a.brand }))
    expect(parseEventLogs({ abi: businessEscrowAbi, logs: receipt.logs, eventName: 'Refunded' })[0]?.args).toEqual({
      escrowId: id,
      payer: getAddress(a.bob.address),
      amount: 9n * ONE,
      by: getAddress(a.brand.address),
    })
    expect(await token.read.balanceOf([a.bob.address])).toBe(before)
    expect((await escrow.read.escrow([id])).status).toBe(EscrowStatus.Refunded)
  })

  it('an operator can refund', async () => {
    const id = await deposit(1n)
    await chain.mined(suite.escrow.write.refund([id], { account: a.operator }))
    expect((await suite.escrow.read.escrow([id])).status).toBe(EscrowStatus.Refunded)
  })

  it('reverts Unauthorized for the payer, the relayer and strangers', async () => {
    const id = await deposit(1n)
    for (const account of [a.alice, a.relayer, a.mallory, a.admin]) {
      await expectRevert(suite.escrow.write.refund([id], { account }), 'Unauthorized', [account.address])
    }
  })

  it('the escrow holds exactly the pending amounts', async () => {
    const { escrow, token } = suite
    let pending = 0n
    for (let id = 1n; id <= (await escrow.read.escrowCount()); id++) {
      const e = await escrow.read.escrow([id])
      if (e.status === EscrowStatus.Pending) pending += e.amount
    }
    expect(await token.read.balanceOf([escrow.address])).toBe(pending)
  })
})
