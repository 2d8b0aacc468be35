// Sanity checks of the EDR test helper itself (and a rough speed report).
import { keccak256, parseEther, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MINTER_ROLE } from '../src/index.js'
import { expectRevert, startChain, TEST_ACCOUNT_BALANCE, type TestChain } from './edr.js'
import { actors, deployToken, type Token } from './fixtures.js'

let chain: TestChain
let token: Token

beforeAll(async () => {
  chain = await startChain()
  token = await deployToken(chain)
})
afterAll(async () => {
  await chain?.close()
})

describe('EDR test chain', () => {
  it('is chain 31337 on Osaka with automine and funded local accounts', async () => {
    expect(await chain.publicClient.getChainId()).toBe(31337)
    expect(chain.accounts).toHaveLength(10)
    expect(await chain.publicClient.getBalance({ address: chain.accounts[9]!.address })).toBe(TEST_ACCOUNT_BALANCE)
    const before = await chain.publicClient.getBlockNumber()
    await chain.mined(chain.wallets[9]!.sendTransaction({ to: chain.accounts[8]!.address, value: parseEther('1') }))
    expect(await chain.publicClient.getBlockNumber()).toBe(before + 1n)
    const metadata = await chain.provider.request({ method: 'hardhat_metadata' } as never)
    expect(metadata).toMatchObject({ chainId: 31337 })
  })

  it('enforces the EIP-7825 per-transaction gas cap of 16,777,216', async () => {
    const [from, to] = chain.accounts
    await expect(
      chain.wallets[0]!.sendTransaction({ to: to!.address, gas: 16_777_217n, account: from! }),
    ).rejects.toThrow()
    await chain.mined(chain.wallets[0]!.sendTransaction({ to: to!.address, gas: 16_777_216n }))
  })

  it('expectRevert fails on success, on another error and on other arguments', async () => {
    const a = actors(chain)
    const batchId = keccak256(toHex('edr-helper'))
    await expect(expectRevert(token.read.totalSupply(), 'EmptyBatch')).rejects.toThrow(/call succeeded/)
    await expect(
      expectRevert(token.write.mintBatch([batchId, [], []], { account: a.minter }), 'LengthMismatch'),
    ).rejects.toThrow(/got EmptyBatch/)
    await expect(
      expectRevert(
        token.write.mintBatch([batchId, [a.bob.address], [1n]], { account: a.bob }),
        'AccessControlUnauthorizedAccount',
        [a.alice.address, MINTER_ROLE],
      ),
    ).rejects.toThrow(/args mismatch/)
  })

  it('reports its speed', async () => {
    const a = actors(chain)
    const n = 50
    const started = performance.now()
    for (let i = 0; i < n; i++) {
      await chain.mined(
        token.write.mintBatch([keccak256(toHex(`speed-${i}`)), [a.bob.address], [1n]], { account: a.minter }),
      )
    }
    const perTx = (performance.now() - started) / n
    const readsStarted = performance.now()
    for (let i = 0; i < n; i++) await token.read.balanceOf([a.bob.address])
    const perRead = (performance.now() - readsStarted) / n
    console.log(
      `EDR: startup ${chain.startupMs.toFixed(0)} ms; ${perTx.toFixed(1)} ms per write+receipt; ${perRead.toFixed(2)} ms per eth_call`,
    )
    expect(perTx).toBeLessThan(1000)
  })
})
