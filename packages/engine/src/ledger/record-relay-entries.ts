import { perkCollectionAbi, pointsTokenAbi } from '@loyaltykit/contracts'
import { type Log, parseEventLogs, zeroAddress } from 'viem'
import type { ContractAddresses } from '../ports/chain'
import type { Clock } from '../ports/clock'
import type { RelayTxRecord } from '../ports/relay-store'
import type { Stores } from '../ports/storage'
import { type LedgerEntryInput, toLedgerEntry } from './record-ledger-entry'
import { recordRedemption } from './record-redemption'

type Receipt = { status: 'success' | 'reverted'; transactionHash: string; blockNumber: bigint; logs: readonly Log[] }

const lower = (a: string) => a.toLowerCase()

/**
 * The ledger entries of a mined relayer transaction, from its logs, in the settlement's transaction
 * (`settleRelayReceipts`, once per transaction): every `PerkClaimed` of the perk collection is a
 * redemption (`recordRedemption`, with the Transfer that paid it); every other points `Transfer`
 * between two addresses (transferFrom, purchaseFor paying a seller, depositFor paying the escrow)
 * is two `transfer` entries, negative on the sender, under source `token_transfer`
 * `<txHash>:<logIndex>` (a transfer to oneself moves nothing and records nothing). A reverted
 * transaction moved nothing. Answers how many entries it wrote.
 */
export async function recordRelayEntries(
  tx: Pick<Stores, 'ledger' | 'perks' | 'wallets'>,
  p: { contracts: ContractAddresses; record: RelayTxRecord; receipt: Receipt; clock: Clock },
): Promise<number> {
  const { contracts, record, receipt, clock } = p
  if (receipt.status !== 'success') return 0
  const logs = receipt.logs as Log[]
  const transfers = parseEventLogs({ abi: pointsTokenAbi, eventName: 'Transfer', logs, strict: true }).filter(
    (l) =>
      lower(l.address) === lower(contracts.pointsToken) && l.args.from !== zeroAddress && l.args.to !== zeroAddress,
  )
  const claims = parseEventLogs({ abi: perkCollectionAbi, eventName: 'PerkClaimed', logs, strict: true }).filter(
    (l) => lower(l.address) === lower(contracts.perkCollection),
  )
  const owners = new Map<string, string | null>()
  const ownerOf = async (address: string) => {
    const key = lower(address)
    if (!owners.has(key)) owners.set(key, (await tx.wallets.findByAddress(key))?.ownerKey ?? null)
    return owners.get(key) ?? null
  }
  const base = {
    txHash: receipt.transactionHash,
    blockNumber: Number(receipt.blockNumber),
    status: 'confirmed',
  } satisfies Partial<LedgerEntryInput>

  let written = 0
  const used = new Set<number>()
  for (const claim of claims) {
    const user = lower(claim.args.user)
    // The claim's payment: the points Transfer from the claimer of its price, just before it.
    const paid =
      claim.args.price === 0n
        ? undefined
        : transfers.find(
            (t) =>
              !used.has(t.logIndex) &&
              t.logIndex < claim.logIndex &&
              lower(t.args.from) === user &&
              t.args.value === claim.args.price,
          )
    if (paid) used.add(paid.logIndex)
    const recorded = await recordRedemption(
      tx,
      {
        walletAddress: user,
        brandId: paid ? lower(paid.args.to) : (record.brandId ?? user),
        collectionId: claim.args.collectionId,
        tokenId: claim.args.tokenId,
        priceWei: paid ? claim.args.price : 0n,
        txHash: receipt.transactionHash,
        blockNumber: Number(receipt.blockNumber),
        transferLogIndex: paid?.logIndex ?? null,
        claimLogIndex: claim.logIndex,
        userKey: await ownerOf(user),
        snapshot: { channel: 'relay' },
      },
      { clock },
    )
    written += recorded
  }

  const entries = []
  for (const t of transfers) {
    const from = lower(t.args.from)
    const to = lower(t.args.to)
    // A transfer to oneself moves nothing.
    if (used.has(t.logIndex) || from === to) continue
    const source = { sourceType: 'token_transfer', sourceId: `${receipt.transactionHash}:${t.logIndex}` }
    const snapshot = { function: record.functionName, contract: lower(record.to) }
    entries.push(
      toLedgerEntry(
        {
          ...base,
          ...source,
          kind: 'transfer',
          walletAddress: from,
          userKey: await ownerOf(from),
          amountWei: -t.args.value,
          counterparty: to,
          brandId: record.brandId,
          logIndex: t.logIndex,
          snapshot,
        },
        { clock },
      ),
      toLedgerEntry(
        {
          ...base,
          ...source,
          kind: 'transfer',
          walletAddress: to,
          userKey: await ownerOf(to),
          amountWei: t.args.value,
          counterparty: from,
          brandId: record.brandId,
          logIndex: t.logIndex,
          snapshot,
        },
        { clock },
      ),
    )
  }
  return written + (entries.length > 0 ? await tx.ledger.recordMany(entries) : 0)
}
