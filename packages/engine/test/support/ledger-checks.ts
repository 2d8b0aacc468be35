import { pointsTokenAbi } from '@loyaltykit/contracts'
import type { LedgerEntry, Storage } from '@loyaltykit/engine'
import { type Address, decodeEventLog, type Hash, type PublicClient, parseEventLogs, zeroAddress } from 'viem'
import { expect } from 'vitest'

/** The exact sum of a wallet's confirmed ledger entries (wei). */
async function confirmedLedgerWei(storage: Storage, wallet: string): Promise<bigint> {
  const entries = await storage.ledger.listConfirmedByWallets([wallet])
  return entries.reduce((sum, e) => sum + BigInt(e.amountWei), 0n)
}

/** The wallet's confirmed ledger sum equals its points-token balance on chain. */
export async function expectLedgerMatchesChain(
  storage: Storage,
  client: PublicClient,
  token: Address,
  wallet: string,
): Promise<void> {
  const balance = await client.readContract({
    address: token,
    abi: pointsTokenAbi,
    functionName: 'balanceOf',
    args: [wallet as Address],
  })
  expect({ wallet, ledger: await confirmedLedgerWei(storage, wallet) }).toEqual({ wallet, ledger: balance })
}

/**
 * A confirmed entry's `Transfer` log: at its log index in its transaction's receipt, emitted by the
 * token, moving exactly its amount into (positive) or out of (negative) its wallet; for mints from
 * address 0 in a transaction that emitted `BatchMinted(batchId)`. Answers the decoded Transfer.
 */
export async function expectEntryMatchesLog(client: PublicClient, token: Address, entry: LedgerEntry) {
  expect(entry.status).toBe('confirmed')
  expect(entry.txHash).toMatch(/^0x[0-9a-f]{64}$/)
  const receipt = await client.getTransactionReceipt({ hash: entry.txHash as Hash })
  expect(Number(receipt.blockNumber)).toBe(entry.blockNumber)
  const log = receipt.logs.find((l) => l.logIndex === entry.logIndex)
  expect(log?.address.toLowerCase()).toBe(token.toLowerCase())
  const transfer = decodeEventLog({
    abi: pointsTokenAbi,
    eventName: 'Transfer',
    data: log?.data,
    topics: log?.topics ?? [],
  })
  const wei = BigInt(entry.amountWei)
  const side = wei >= 0n ? transfer.args.to : transfer.args.from
  expect(side.toLowerCase()).toBe(entry.walletAddress)
  expect(transfer.args.value).toBe(wei >= 0n ? wei : -wei)
  if (entry.mintJobId) {
    expect(transfer.args.from).toBe(zeroAddress)
    const batchIds = parseEventLogs({ abi: pointsTokenAbi, eventName: 'BatchMinted', logs: receipt.logs })
      .filter((l) => l.address.toLowerCase() === token.toLowerCase())
      .map((l) => l.args.batchId)
    expect(batchIds).toEqual([entry.batchId])
  }
  return transfer
}
