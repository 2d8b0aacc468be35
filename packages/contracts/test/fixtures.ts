// Deploys the whole loyaltykit contract suite on a TestChain and wires up the roles.
import type { PrivateKeyAccount } from 'viem'
import {
  businessEscrowAbi,
  businessEscrowBytecode,
  CLAWBACK_ROLE,
  MINTER_ROLE,
  OPERATOR_ROLE,
  perkCollectionAbi,
  perkCollectionBytecode,
  pointsSaleAbi,
  pointsSaleBytecode,
  pointsTokenAbi,
  pointsTokenBytecode,
  RELAYER_ROLE,
} from '../src/index.js'
import type { DeployedContract, TestChain } from './edr.js'

export const TOKEN_NAME = 'LoyaltyKit Points'
export const TOKEN_SYMBOL = 'PTS'
export const ONE = 10n ** 18n

export interface Actors {
  admin: PrivateKeyAccount
  minter: PrivateKeyAccount
  relayer: PrivateKeyAccount
  operator: PrivateKeyAccount
  brand: PrivateKeyAccount
  alice: PrivateKeyAccount
  bob: PrivateKeyAccount
  mallory: PrivateKeyAccount
  clawbacker: PrivateKeyAccount
}

export function actors(chain: TestChain): Actors {
  const [admin, minter, relayer, operator, brand, alice, bob, mallory, clawbacker] = chain.accounts
  if (!admin || !minter || !relayer || !operator || !brand || !alice || !bob || !mallory || !clawbacker) {
    throw new Error('not enough test accounts')
  }
  return { admin, minter, relayer, operator, brand, alice, bob, mallory, clawbacker }
}

export type Token = DeployedContract<typeof pointsTokenAbi>
export interface Suite {
  token: Token
  perks: DeployedContract<typeof perkCollectionAbi>
  sale: DeployedContract<typeof pointsSaleAbi>
  escrow: DeployedContract<typeof businessEscrowAbi>
}

export async function deployToken(chain: TestChain): Promise<Token> {
  const a = actors(chain)
  const token = await chain.deploy({
    abi: pointsTokenAbi,
    bytecode: pointsTokenBytecode,
    args: [TOKEN_NAME, TOKEN_SYMBOL, a.admin.address],
  })
  await chain.mined(token.write.grantRole([MINTER_ROLE, a.minter.address]))
  await chain.mined(token.write.grantRole([CLAWBACK_ROLE, a.clawbacker.address]))
  return token
}

export async function deploySuite(chain: TestChain): Promise<Suite> {
  const a = actors(chain)
  const token = await deployToken(chain)
  const perks = await chain.deploy({
    abi: perkCollectionAbi,
    bytecode: perkCollectionBytecode,
    args: ['LoyaltyKit Perks', 'PERK', token.address, a.admin.address],
  })
  const sale = await chain.deploy({
    abi: pointsSaleAbi,
    bytecode: pointsSaleBytecode,
    args: [token.address, a.admin.address],
  })
  const escrow = await chain.deploy({
    abi: businessEscrowAbi,
    bytecode: businessEscrowBytecode,
    args: [token.address, a.admin.address],
  })
  for (const [role, account] of [
    [OPERATOR_ROLE, a.operator],
    [RELAYER_ROLE, a.relayer],
  ] as const) {
    await chain.mined(perks.write.grantRole([role, account.address]))
    await chain.mined(sale.write.grantRole([role, account.address]))
    await chain.mined(escrow.write.grantRole([role, account.address]))
  }
  return { token, perks, sale, escrow }
}

/** Mints `amount` points to each of `to` in a fresh batch. */
let batchCounter = 0n
export async function fund(chain: TestChain, token: Token, to: readonly `0x${string}`[], amount: bigint) {
  const { minter } = actors(chain)
  batchCounter += 1n
  const batchId = `0x${(0xf00d0000n + batchCounter).toString(16).padStart(64, '0')}` as const
  await chain.mined(token.write.mintBatch([batchId, to, to.map(() => amount)], { account: minter }))
}
