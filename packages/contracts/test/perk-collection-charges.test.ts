// PerkCollection: a claimed perk's charges, transfers and token URI.
import { getAddress, parseEventLogs } from 'viem'
import { describe, expect, it } from 'vitest'
import { DEFAULT_ADMIN_ROLE, OPERATOR_ROLE, perkCollectionAbi } from '../src/index.js'
import { expectRevert } from './edr.js'
import { createCollection } from './perk-collection-helpers.js'
import { a, chain, suite, useFundedSuite } from './use-test-chain.js'

useFundedSuite()

describe('charges', () => {
  async function claimFree(charges: number) {
    const { perks } = suite
    const id = await createCollection({ price: 0n, charges })
    const { result } = await perks.simulate.claimFor([a.alice.address, id], { account: a.relayer })
    await chain.mined(perks.write.claimFor([a.alice.address, id], { account: a.relayer }))
    return { id, tokenId: result }
  }

  it('useCharges decrements the remaining charges and emits ChargesUsed', async () => {
    const { perks } = suite
    const { id, tokenId } = await claimFree(5)
    const { result } = await perks.simulate.useCharges([tokenId, 2], { account: a.operator })
    expect(result).toBe(3)
    const receipt = await chain.mined(perks.write.useCharges([tokenId, 2], { account: a.operator }))
    const [ev] = parseEventLogs({ abi: perkCollectionAbi, logs: receipt.logs, eventName: 'ChargesUsed' })
    expect(ev?.args).toEqual({ tokenId, collectionId: id, used: 2, remaining: 3 })
    expect((await perks.read.tokenInfo([tokenId])).chargesRemaining).toBe(3)
    await expectRevert(perks.write.useCharges([tokenId, 4], { account: a.operator }), 'InsufficientCharges', [
      tokenId,
      4,
      3,
    ])
    await chain.mined(perks.write.useCharges([tokenId, 3], { account: a.operator }))
    const info = await perks.read.tokenInfo([tokenId])
    expect(info.chargesRemaining).toBe(0)
    expect(info.chargesTotal).toBe(5)
    await expectRevert(perks.write.useCharges([tokenId, 1], { account: a.operator }), 'NoChargesLeft', [tokenId])
  })

  it('a perk without charges reverts NoChargesLeft', async () => {
    const { tokenId } = await claimFree(0)
    await expectRevert(suite.perks.write.useCharges([tokenId, 1], { account: a.operator }), 'NoChargesLeft', [tokenId])
  })

  it('reverts ZeroCharges when using 0 charges', async () => {
    const { tokenId } = await claimFree(2)
    await expectRevert(suite.perks.write.useCharges([tokenId, 0], { account: a.operator }), 'ZeroCharges')
  })

  it('reverts ERC721NonexistentToken for unknown tokens (useCharges and tokenInfo)', async () => {
    const unknown = (await suite.perks.read.tokenCount()) + 1n
    await expectRevert(suite.perks.write.useCharges([unknown, 1], { account: a.operator }), 'ERC721NonexistentToken', [
      unknown,
    ])
    await expectRevert(suite.perks.read.tokenInfo([unknown]), 'ERC721NonexistentToken', [unknown])
  })

  it('useCharges is operator-only', async () => {
    const { tokenId } = await claimFree(2)
    for (const account of [a.alice, a.relayer, a.admin]) {
      await expectRevert(suite.perks.write.useCharges([tokenId, 1], { account }), 'AccessControlUnauthorizedAccount', [
        account.address,
        OPERATOR_ROLE,
      ])
    }
  })

  it('perks stay transferable; claimsOf counts claims, not holdings', async () => {
    const { perks } = suite
    const { id, tokenId } = await claimFree(1)
    await chain.mined(perks.write.transferFrom([a.alice.address, a.bob.address, tokenId], { account: a.alice }))
    expect(await perks.read.ownerOf([tokenId])).toBe(getAddress(a.bob.address))
    expect(await perks.read.claimsOf([id, a.alice.address])).toBe(1n)
    expect(await perks.read.claimsOf([id, a.bob.address])).toBe(0n)
  })
})

describe('token URI', () => {
  it('is empty until the admin sets a base URI, then baseURI + tokenId', async () => {
    const { perks } = suite
    const tokenId = await perks.read.tokenCount()
    expect(await perks.read.tokenURI([tokenId])).toBe('')
    const receipt = await chain.mined(perks.write.setBaseURI(['https://perks.example/meta/']))
    expect(parseEventLogs({ abi: perkCollectionAbi, logs: receipt.logs, eventName: 'BaseURISet' })[0]?.args).toEqual({
      baseURI: 'https://perks.example/meta/',
    })
    expect(await perks.read.tokenURI([tokenId])).toBe(`https://perks.example/meta/${tokenId}`)
    await expectRevert(perks.write.setBaseURI(['x'], { account: a.operator }), 'AccessControlUnauthorizedAccount', [
      a.operator.address,
      DEFAULT_ADMIN_ROLE,
    ])
  })
})
