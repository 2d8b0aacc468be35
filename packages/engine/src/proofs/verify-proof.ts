import { perkCollectionAbi } from '@loyaltykit/contracts'
import { decodeEventLog, type Hash, type Log } from 'viem'
import type { z } from 'zod'
import { requireChain } from '../chain/require-chain'
import type { EngineContext } from '../context'
import { parseInput } from '../errors/zod-issues'
import { type EntryReceipt, entryLogProblem, type LoggedMovement } from '../ledger/entry-log-problem'
import { WEI_PER_TOKEN } from '../minting/mint-amount'
import type { ChainPort } from '../ports/chain'
import { getEventProof } from './get-event-proof'
import { getPaymentProof } from './get-payment-proof'
import { getRedemptionProof } from './get-redemption-proof'
import type { ProofFacts } from './proof-facts-schema'
import {
  type VerifyProofParameters,
  verifyProofParametersSchema,
  type verifyProofResponseSchema,
} from './verify-proof-schema'

export type VerifyProofReturnType = z.output<typeof verifyProofResponseSchema>

/** What a proof states, and what the record it proves (event, payment, claim) says on its own. */
type Stated = {
  facts: ProofFacts
  movement: Pick<LoggedMovement, 'kind' | 'mintJobId'>
  /** The amount and wallet of the event / payment itself, which the ledger entry must repeat. */
  record: { amount: number; walletAddress: string }
  /** For a redemption: the `PerkClaimed` log the claim must be. */
  claim?: { collectionId: string; tokenId: string; logIndex: number | null }
}

async function statedProof(ctx: EngineContext, kind: VerifyProofParameters['kind'], id: string): Promise<Stated> {
  if (kind === 'event') {
    const proof = await getEventProof(ctx, { eventId: id })
    const event = await ctx.storage.events.get(proof.event.id)
    return {
      facts: proof,
      movement: { kind: 'reward', mintJobId: event?.mintJobId ?? null },
      record: { amount: proof.event.rewardAmount, walletAddress: event?.walletAddress ?? '' },
    }
  }
  if (kind === 'payment') {
    const proof = await getPaymentProof(ctx, { sessionId: id })
    const payment = await ctx.storage.payments.getPayment(proof.payment.sessionId)
    return {
      facts: proof,
      movement: { kind: 'purchase', mintJobId: payment?.mintJobId ?? null },
      record: { amount: proof.payment.tokenAmount, walletAddress: payment?.walletAddress ?? '' },
    }
  }
  const proof = await getRedemptionProof(ctx, { redemptionId: id })
  const { collectionId, tokenId, claimLogIndex, price } = proof.redemption
  return {
    facts: proof,
    movement: { kind: 'redemption', mintJobId: null },
    record: { amount: -price, walletAddress: proof.walletAddress },
    claim: { collectionId, tokenId, logIndex: claimLogIndex },
  }
}

/** Why the receipt has no `PerkClaimed` of this claim by this wallet at its index, or null. */
function claimLogProblem(chain: ChainPort, receipt: EntryReceipt, claim: NonNullable<Stated['claim']>, wallet: string) {
  const log = receipt.logs.find((l) => l.logIndex === claim.logIndex)
  try {
    if (!log || log.address.toLowerCase() !== chain.contracts.perkCollection.toLowerCase()) throw new Error('none')
    const { args } = decodeEventLog({
      abi: perkCollectionAbi,
      eventName: 'PerkClaimed',
      data: log.data,
      topics: log.topics,
    })
    if (String(args.collectionId) === claim.collectionId && String(args.tokenId) === claim.tokenId) {
      return args.user.toLowerCase() === wallet
        ? null
        : `the claim was made by ${args.user.toLowerCase()}, the proof says ${wallet}`
    }
  } catch {}
  return `log ${claim.logIndex ?? '(none)'} is not the PerkClaimed of ${claim.collectionId}:${claim.tokenId}`
}

/**
 * Re-reads the chain to check a proof of issuance (docs/ledger.md#proof-of-issuance): the proof is
 * confirmed, its entry repeats the event's (payment's) amount and wallet, and in the stated block the
 * stated transaction succeeded and its log at `logIndex` is the points token's `Transfer` paying
 * exactly `amountWei` to the wallet (for a mint: from address 0, in a transaction whose
 * `BatchMinted` carries the batch id; for a redemption: from the wallet, beside the claim's
 * `PerkClaimed`). `ok` only when all of it holds; `problem` names the first thing that does not.
 * 404 for an unknown id, 503 CHAIN_UNAVAILABLE without a chain.
 */
export async function verifyProof(ctx: EngineContext, params: VerifyProofParameters): Promise<VerifyProofReturnType> {
  const { kind, id } = parseInput(verifyProofParametersSchema, params, 'Invalid proof id')
  const chain = requireChain(ctx)
  const { facts, movement, record, claim } = await statedProof(ctx, kind, id)
  const { masked: _masked, ...shown } = facts
  const answer = (problem: string | null): VerifyProofReturnType => ({
    ok: problem === null,
    kind,
    id,
    problem,
    ...shown,
  })

  if (facts.status !== 'confirmed') return answer(`not on chain: the proof's status is ${facts.status}`)
  if (facts.amountWei !== (BigInt(facts.amount) * WEI_PER_TOKEN).toString()) {
    return answer(`the proof's amount ${facts.amount} and amountWei ${facts.amountWei} disagree`)
  }
  if (facts.amount !== record.amount) {
    return answer(`the ${kind} says ${record.amount} tokens, its ledger entry ${facts.amount}`)
  }
  if (record.walletAddress.toLowerCase() !== facts.walletAddress) {
    return answer(
      `the ${kind} names wallet ${record.walletAddress.toLowerCase()}, its ledger entry ${facts.walletAddress}`,
    )
  }
  if (facts.amount === 0 && facts.transactionHash === null)
    return answer('nothing was minted (an amount of 0): no Transfer to check')
  const chainId = await chain.publicClient.getChainId()
  if (chainId !== facts.chainId) return answer(`the chain's id is ${chainId}, the proof says ${facts.chainId}`)

  const receipt = facts.transactionHash
    ? ((await chain.publicClient
        .getTransactionReceipt({ hash: facts.transactionHash as Hash })
        .catch(() => undefined)) as EntryReceipt | undefined)
    : undefined
  const problem = entryLogProblem(
    { ...movement, ...facts, txHash: facts.transactionHash },
    receipt,
    chain.contracts.pointsToken,
  )
  if (problem || !claim || !receipt) return answer(problem)
  return answer(claimLogProblem(chain, { ...receipt, logs: receipt.logs as Log[] }, claim, facts.walletAddress))
}
