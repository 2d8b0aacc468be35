// PerkCollection.claimFor: the relayer claims a perk for a user, who pays the brand in points.
import { getAddress, maxUint256, parseEventLogs, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { perkCollectionAbi, RELAYER_ROLE } from '../src/index.js'
import { expectRevert, signPermit } from './edr.js'
import { ONE, TOKEN_NAME } from './fixtures.js'
import { approvePerks, createCollection } from './perk-collection-helpers.js'
import { a, chain, suite, useFundedSuite } from './use-test-chain.js'

useFundedSuite()

describe('claimFor', () => {
  it('permit + claimFor from the relayer: pays the brand, mints the perk, records token info', async () => {
    const { perks, token } = suite
    const price = 10n * ONE
    const id = await createCollection({ price, charges: 3 })
    const block = await chain.publicClient.getBlock()
    const deadline = block.timestamp + 600n
    const sig = await signPermit({
      chain,
      token: { address: token.address, name: TOKEN_NAME },
      owner: a.alice,
      spender: perks.address,
      value: price,
      deadline,
      nonce: await token.read.nonces([a.alice.address]),
    })
    const aliceBefore = await token.read.balanceOf([a.alice.address])
    const brandBefore = await token.read.balanceOf([a.brand.address])
    // the relayer pays gas for both transactions; alice only signed
    const relayerEthBefore = await chain.publicClient.getBalance({ address: a.relayer.address })
    const aliceEthBefore = await chain.publicClient.getBalance({ address: a.alice.address })
    await chain.mined(
      token.write.permit([a.alice.address, perks.address, price, deadline, sig.v, sig.r, sig.s], {
        account: a.relayer,
      }),
    )
    expect(await token.read.allowance([a.alice.address, perks.address])).toBe(price)
    const { result: tokenId } = await perks.simulate.claimFor([a.alice.address, id], { account: a.relayer })
    const receipt = await chain.mined(perks.write.claimFor([a.alice.address, id], { account: a.relayer }))
    const claimBlock = await chain.publicClient.getBlock({ blockNumber: receipt.blockNumber })

    const [claimed] = parseEventLogs({ abi: perkCollectionAbi, logs: receipt.logs, eventName: 'PerkClaimed' })
    expect(claimed?.args).toEqual({ collectionId: id, user: getAddress(a.alice.address), tokenId, price })
    const [nft] = parseEventLogs({ abi: perkCollectionAbi, logs: receipt.logs, eventName: 'Transfer' })
    expect(nft?.args).toEqual({ from: zeroAddress, to: getAddress(a.alice.address), tokenId })
    const [paid] = parseEventLogs({ abi: token.abi, logs: receipt.logs, eventName: 'Transfer' }).filter(
      (l) => getAddress(l.address) === getAddress(token.address),
    )
    expect(paid?.args).toEqual({ from: getAddress(a.alice.address), to: getAddress(a.brand.address), value: price })

    expect(await perks.read.ownerOf([tokenId])).toBe(getAddress(a.alice.address))
    expect(await perks.read.balanceOf([a.alice.address])).toBeGreaterThanOrEqual(1n)
    expect(await token.read.balanceOf([a.alice.address])).toBe(aliceBefore - price)
    expect(await token.read.balanceOf([a.brand.address])).toBe(brandBefore + price)
    expect(await token.read.allowance([a.alice.address, perks.address])).toBe(0n)
    expect(await perks.read.tokenInfo([tokenId])).toEqual({
      collectionId: id,
      chargesRemaining: 3,
      chargesTotal: 3,
      claimedAt: claimBlock.timestamp,
    })
    expect(await perks.read.claimsOf([id, a.alice.address])).toBe(1n)
    expect(await perks.read.totalClaimed([id])).toBe(1n)
    expect((await perks.read.collection([id])).claimed).toBe(1n)
    expect(await perks.read.tokenCount()).toBe(tokenId)
    expect(await chain.publicClient.getBalance({ address: a.alice.address })).toBe(aliceEthBefore)
    expect(await chain.publicClient.getBalance({ address: a.relayer.address })).toBeLessThan(relayerEthBefore)
  })

  it('claims of a free collection need no allowance', async () => {
    const { perks, token } = suite
    const id = await createCollection({ price: 0n, charges: 0 })
    const before = await token.read.balanceOf([a.bob.address])
    const receipt = await chain.mined(perks.write.claimFor([a.bob.address, id], { account: a.relayer }))
    const [ev] = parseEventLogs({ abi: perkCollectionAbi, logs: receipt.logs, eventName: 'PerkClaimed' })
    expect(ev?.args.price).toBe(0n)
    expect(await token.read.balanceOf([a.bob.address])).toBe(before)
  })

  it('reverts CollectionInactive for an inactive collection', async () => {
    const id = await createCollection({ active: false })
    await expectRevert(
      suite.perks.write.claimFor([a.alice.address, id], { account: a.relayer }),
      'CollectionInactive',
      [id],
    )
  })

  it('reverts SoldOut once maxSupply perks were claimed', async () => {
    const { perks } = suite
    const id = await createCollection({ price: 1n, maxSupply: 2n })
    await approvePerks(a.alice, maxUint256)
    await chain.mined(perks.write.claimFor([a.alice.address, id], { account: a.relayer }))
    await chain.mined(perks.write.claimFor([a.alice.address, id], { account: a.relayer }))
    await expectRevert(perks.write.claimFor([a.alice.address, id], { account: a.relayer }), 'SoldOut', [id])
    expect(await perks.read.totalClaimed([id])).toBe(2n)
    await approvePerks(a.alice, 0n)
  })

  it('reverts MaxPerUserReached(user, collectionId, claimed, max) at the per-user limit', async () => {
    const { perks } = suite
    const id = await createCollection({ price: 1n, maxPerUser: 1n })
    await approvePerks(a.alice, 1n)
    await chain.mined(perks.write.claimFor([a.alice.address, id], { account: a.relayer }))
    await approvePerks(a.alice, 1n)
    await expectRevert(perks.write.claimFor([a.alice.address, id], { account: a.relayer }), 'MaxPerUserReached', [
      a.alice.address,
      id,
      1n,
      1n,
    ])
    // the limit is per user: bob can still claim
    await approvePerks(a.bob, 1n)
    await chain.mined(perks.write.claimFor([a.bob.address, id], { account: a.relayer }))
    expect(await perks.read.claimsOf([id, a.bob.address])).toBe(1n)
    await approvePerks(a.alice, 0n)
  })

  it('reverts ERC20InsufficientAllowance without a permit/approval', async () => {
    const id = await createCollection({ price: 10n })
    await expectRevert(
      suite.perks.write.claimFor([a.alice.address, id], { account: a.relayer }),
      'ERC20InsufficientAllowance',
      [suite.perks.address, 0n, 10n],
    )
  })

  it('reverts ERC20InsufficientBalance when the user lacks points', async () => {
    const id = await createCollection({ price: 10_000n * ONE })
    await approvePerks(a.alice, maxUint256)
    const balance = await suite.token.read.balanceOf([a.alice.address])
    await expectRevert(
      suite.perks.write.claimFor([a.alice.address, id], { account: a.relayer }),
      'ERC20InsufficientBalance',
      [a.alice.address, balance, 10_000n * ONE],
    )
    await approvePerks(a.alice, 0n)
  })

  it('reverts ERC721InvalidReceiver for the zero user', async () => {
    const id = await createCollection({ price: 0n })
    await expectRevert(suite.perks.write.claimFor([zeroAddress, id], { account: a.relayer }), 'ERC721InvalidReceiver', [
      zeroAddress,
    ])
  })

  it('reverts AccessControlUnauthorizedAccount without RELAYER_ROLE', async () => {
    const id = await createCollection({ price: 0n })
    for (const account of [a.admin, a.operator, a.alice]) {
      await expectRevert(
        suite.perks.write.claimFor([a.alice.address, id], { account }),
        'AccessControlUnauthorizedAccount',
        [account.address, RELAYER_ROLE],
      )
    }
  })
})
