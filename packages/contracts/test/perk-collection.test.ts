// PerkCollection: its setup and the operator's collections.
import { getAddress, parseEventLogs, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_ADMIN_ROLE,
  OPERATOR_ROLE,
  perkCollectionAbi,
  perkCollectionBytecode,
  RELAYER_ROLE,
} from '../src/index.js'
import { expectRevert } from './edr.js'
import { ONE } from './fixtures.js'
import { createCollection } from './perk-collection-helpers.js'
import { a, chain, suite, useFundedSuite } from './use-test-chain.js'

useFundedSuite()

describe('PerkCollection setup', () => {
  it('stores the points token, name, symbol and admin', async () => {
    const { perks, token } = suite
    expect(await perks.read.points()).toBe(getAddress(token.address))
    expect(await perks.read.name()).toBe('LoyaltyKit Perks')
    expect(await perks.read.symbol()).toBe('PERK')
    expect(await perks.read.hasRole([DEFAULT_ADMIN_ROLE, a.admin.address])).toBe(true)
    expect(await perks.read.OPERATOR_ROLE()).toBe(OPERATOR_ROLE)
    expect(await perks.read.RELAYER_ROLE()).toBe(RELAYER_ROLE)
    // ERC-165, ERC-721, ERC-721 metadata, IAccessControl
    for (const id of ['0x01ffc9a7', '0x80ac58cd', '0x5b5e139f', '0x7965db0b'] as const) {
      expect(await perks.read.supportsInterface([id])).toBe(true)
    }
    expect(await perks.read.supportsInterface(['0xffffffff'])).toBe(false)
  })

  it('constructor rejects zero addresses', async () => {
    for (const args of [
      ['P', 'P', zeroAddress, a.admin.address],
      ['P', 'P', suite.token.address, zeroAddress],
    ] as const) {
      await expectRevert(
        chain.deploy({ abi: perkCollectionAbi, bytecode: perkCollectionBytecode, args }),
        'ZeroAddress',
      )
    }
  })
})

describe('collections', () => {
  it('createCollection stores the collection and emits CollectionCreated', async () => {
    const { perks } = suite
    const before = await perks.read.collectionCount()
    const args = [a.brand.address, 'Cinema ticket', 25n * ONE, 100n, 2n, 1, false] as const
    const receipt = await chain.mined(perks.write.createCollection(args, { account: a.operator }))
    const id = before + 1n
    expect(await perks.read.collectionCount()).toBe(id)
    const [ev] = parseEventLogs({ abi: perkCollectionAbi, logs: receipt.logs, eventName: 'CollectionCreated' })
    expect(ev?.args).toEqual({
      collectionId: id,
      brand: getAddress(a.brand.address),
      name: 'Cinema ticket',
      price: 25n * ONE,
      maxSupply: 100n,
      maxPerUser: 2n,
      chargesPerToken: 1,
      active: false,
    })
    expect(await perks.read.collection([id])).toEqual({
      brand: getAddress(a.brand.address),
      active: false,
      chargesPerToken: 1,
      price: 25n * ONE,
      maxSupply: 100n,
      maxPerUser: 2n,
      claimed: 0n,
      name: 'Cinema ticket',
    })
    expect(await perks.read.totalClaimed([id])).toBe(0n)
  })

  it('createCollection reverts ZeroAddress for a zero brand and without OPERATOR_ROLE', async () => {
    const { perks } = suite
    await expectRevert(
      perks.write.createCollection([zeroAddress, 'x', 1n, 0n, 0n, 1, true], { account: a.operator }),
      'ZeroAddress',
    )
    for (const account of [a.admin, a.relayer, a.mallory]) {
      await expectRevert(
        perks.write.createCollection([a.brand.address, 'x', 1n, 0n, 0n, 1, true], { account }),
        'AccessControlUnauthorizedAccount',
        [account.address, OPERATOR_ROLE],
      )
    }
  })

  it('setActive / setPrice update the collection, emit events and are operator-only', async () => {
    const { perks } = suite
    const id = await createCollection({ active: false, price: 5n })
    const r1 = await chain.mined(perks.write.setActive([id, true], { account: a.operator }))
    expect(
      parseEventLogs({ abi: perkCollectionAbi, logs: r1.logs, eventName: 'CollectionActiveSet' })[0]?.args,
    ).toEqual({ collectionId: id, active: true })
    const r2 = await chain.mined(perks.write.setPrice([id, 6n], { account: a.operator }))
    expect(parseEventLogs({ abi: perkCollectionAbi, logs: r2.logs, eventName: 'CollectionPriceSet' })[0]?.args).toEqual(
      {
        collectionId: id,
        price: 6n,
      },
    )
    const c = await perks.read.collection([id])
    expect(c.active).toBe(true)
    expect(c.price).toBe(6n)
    await expectRevert(perks.write.setActive([id, false], { account: a.mallory }), 'AccessControlUnauthorizedAccount', [
      a.mallory.address,
      OPERATOR_ROLE,
    ])
    await expectRevert(perks.write.setPrice([id, 1n], { account: a.relayer }), 'AccessControlUnauthorizedAccount', [
      a.relayer.address,
      OPERATOR_ROLE,
    ])
  })

  it('reverts CollectionNotFound for unknown ids', async () => {
    const { perks } = suite
    const unknown = (await perks.read.collectionCount()) + 1n
    await expectRevert(perks.read.collection([unknown]), 'CollectionNotFound', [unknown])
    await expectRevert(perks.read.collection([0n]), 'CollectionNotFound', [0n])
    await expectRevert(perks.read.totalClaimed([unknown]), 'CollectionNotFound', [unknown])
    await expectRevert(perks.write.setActive([unknown, true], { account: a.operator }), 'CollectionNotFound', [unknown])
    await expectRevert(perks.write.setPrice([unknown, 1n], { account: a.operator }), 'CollectionNotFound', [unknown])
    await expectRevert(perks.write.claimFor([a.alice.address, unknown], { account: a.relayer }), 'CollectionNotFound', [
      unknown,
    ])
    expect(await perks.read.claimsOf([unknown, a.alice.address])).toBe(0n)
  })
})
