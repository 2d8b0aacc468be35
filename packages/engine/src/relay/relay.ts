import { pointsSaleAbi } from '@loyaltykit/contracts'
import type { Address, Hash, Hex } from 'viem'
import type { z } from 'zod'
import { requireChain } from '../chain/require-chain'
import { checkPurchaseConstraint } from '../constraints/check-purchase-constraint'
import type { EngineContext } from '../context'
import { UnavailableError } from '../errors/common-errors'
import { errorCodeOf } from '../errors/error-code-of'
import type { RateLimitInfo } from '../errors/rate-limited-error'
import { toFieldIssues } from '../errors/zod-issues'
import { verifyAccessToken } from '../identity/verify-access-token'
import type { ChainPort } from '../ports/chain'
import { type ApprovedRelayCall, approvedRelayCall } from './approved-relay-call'
import { assertRelayOrigin } from './assert-relay-origin'
import { brandOfAddress } from './brand-of-address'
import { checkClaimLimit } from './check-claim-limit'
import { checkGasBudgets } from './check-gas-budgets'
import { countRelayTransaction } from './count-relay-transaction'
import { decodeRelayRevert, type RelayRevert } from './decode-relay-revert'
import { assertPermitFor, executePermit } from './execute-permit'
import {
  ClaimLimitReachedError,
  RelayMissingFieldsError,
  TransactionFailedError,
  TransactionNotAllowedError,
} from './relay-errors'
import { type RelayOptions, resolveRelayOptions } from './relay-options'
import { type RelayParameters, relayParametersSchema } from './relay-schema'
import { relaySenderOf } from './relay-sender-of'

/** The spec's relay result. */
export type RelayResult = {
  success: true
  transactionHash: Hash
  gasUsed: string
  effectiveGasPrice: string
  blockNumber: number
  /** The relayer account (it paid the gas). */
  from: string
  /** The contract called. */
  to: string
  status: 'confirmed'
  /** `<explorer>/tx/<hash>` when a block explorer is configured. */
  explorerUrl?: string
  /** The permit executed first, when `metadata.permit` needed executing. */
  permitTransactionHash?: Hash
}

export type RelayReturnType = {
  result: RelayResult
  /** The user's hourly transaction window after this relay (for `X-RateLimit-*`). */
  rateLimit: RateLimitInfo
}

/** Gas estimates get this headroom (percent), within the cap. */
const GAS_HEADROOM = 120n

/** The spec's relay errors: a bad body is 400 MISSING_FIELDS with the fields, not a generic validation error. */
function parseRequest(input: unknown): z.output<typeof relayParametersSchema> {
  const parsed = relayParametersSchema.safeParse(input ?? {})
  if (!parsed.success) throw new RelayMissingFieldsError(toFieldIssues(parsed.error))
  return parsed.data
}

/** The contract that pulls the user's points for this call: the permit's spender. */
function spenderFor(chain: ChainPort, call: ApprovedRelayCall): Address {
  if (call.kind === 'pointsToken') return chain.relayer.address
  return chain.contracts[call.kind]
}

/** The address that receives value from this call, if it names one (a brand, when it is one). */
async function counterpartyOf(chain: ChainPort, call: ApprovedRelayCall, collectionBrand?: string) {
  switch (call.kind) {
    case 'perkCollection':
      return collectionBrand
    case 'pointsToken':
      return call.recipient
    case 'businessEscrow':
      return call.business
    case 'pointsSale': {
      const item = await chain.publicClient
        .readContract({
          address: chain.contracts.pointsSale,
          abi: pointsSaleAbi,
          functionName: 'item',
          args: [call.itemId],
        })
        .catch(() => undefined)
      return item?.seller.toLowerCase()
    }
  }
}

function failure(
  call: ApprovedRelayCall,
  revert: RelayRevert,
  stage: 'simulation' | 'execution',
  transactionHash?: Hash,
): Error {
  if (revert.reverted && revert.errorName === 'MaxPerUserReached' && call.kind === 'perkCollection') {
    const [, , claimed, max] = revert.args as [unknown, unknown, bigint, bigint]
    return new ClaimLimitReachedError({
      collectionId: call.collectionId.toString(),
      currentClaims: Number(claimed),
      maxPerUser: Number(max),
    })
  }
  return new TransactionFailedError(
    stage === 'simulation' ? 'Transaction would fail on chain' : 'Transaction failed on chain',
    { stage, reason: revert.message, ...(transactionHash ? { transactionHash } : {}) },
  )
}

/**
 * The gasless relayer (spec 02 §4): executes a user's call on an approved contract, paying the gas
 * from the relayer account. In order: the bearer token is verified (401) · the Origin is allowed
 * (403) · the body parses (400 MISSING_FIELDS) · `userAddress` is the token's wallet · `to` is an
 * approved contract (403 CONTRACT_NOT_WHITELISTED) · `data` calls an approved function acting for
 * the user, no native value, gas limit ≤ 1,000,000, permit owner/spender fit (403 VALIDATION_FAILED)
 * · for `claimFor`: the claim limit (409 CLAIM_LIMIT_REACHED) and the purchase constraint · daily gas
 * budgets (429 GAS_BUDGET_EXCEEDED) · the user's 35 transactions per hour (429 RATE_LIMIT_EXCEEDED)
 * · the permit, when given, is executed first (skipped when the allowance is in place) · the call is
 * simulated (gas estimated when absent) · signed, stored, broadcast and mined through the relay
 * sender (nonces from storage) · a revert answers 500 TRANSACTION_FAILED with its hash.
 */
export async function relay(
  ctx: EngineContext,
  params: RelayParameters,
  options: RelayOptions = {},
): Promise<RelayReturnType> {
  try {
    const relayed = await relayOnce(ctx, params, options)
    ctx.observer?.observe({ type: 'relay.relayed', functionName: relayed.functionName })
    return relayed.answer
  } catch (error) {
    ctx.observer?.observe({ type: 'relay.refused', code: errorCodeOf(error) })
    throw error
  }
}

async function relayOnce(
  ctx: EngineContext,
  params: RelayParameters,
  options: RelayOptions,
): Promise<{ answer: RelayReturnType; functionName: string }> {
  const o = resolveRelayOptions(options)
  const user = await verifyAccessToken(ctx, { token: options.accessToken ?? '' })
  await assertRelayOrigin(ctx, options.origin, o)
  const request = parseRequest(params)
  const chain = requireChain(ctx)
  const userAddress = request.userAddress

  if (userAddress !== user.walletAddress.toLowerCase()) {
    throw new TransactionNotAllowedError('userAddress is not the wallet of the access token', {
      reason: 'USER_ADDRESS_MISMATCH',
      contract: request.to,
      userAddress,
      allowed: [user.walletAddress.toLowerCase()],
    })
  }
  const call = approvedRelayCall(chain.contracts, { to: request.to, data: request.data, user: userAddress })
  if (request.value !== 0n) {
    throw new TransactionNotAllowedError('The approved functions take no native value', {
      reason: 'VALUE_NOT_ALLOWED',
      contract: request.to,
      value: request.value.toString(),
      allowed: ['0'],
    })
  }
  if (request.gasLimit !== undefined && request.gasLimit > o.maxGasLimit) {
    throw new TransactionNotAllowedError(`gasLimit is over the relayer's cap of ${o.maxGasLimit}`, {
      reason: 'GAS_LIMIT_TOO_HIGH',
      contract: request.to,
      gasLimit: request.gasLimit,
      maxGasLimit: o.maxGasLimit,
      allowed: [],
    })
  }
  const permit = request.metadata?.permit
  if (permit)
    assertPermitFor(permit, { user: userAddress, spender: spenderFor(chain, call), token: chain.contracts.pointsToken })

  let collectionBrand: string | undefined
  if (call.kind === 'perkCollection') {
    collectionBrand = (
      await checkClaimLimit(chain, { collectionId: call.collectionId, user: userAddress }).catch((error: unknown) => {
        // An unknown collection reverts (CollectionNotFound): the call would fail.
        const revert = decodeRelayRevert(error)
        if (!revert.reverted || error instanceof ClaimLimitReachedError) throw error
        throw failure(call, revert, 'simulation')
      })
    ).brand
    const constraint = await checkPurchaseConstraint(ctx, {
      collectionId: call.collectionId.toString(),
      userAddress,
    })
    if (!constraint.allowed) {
      throw new TransactionNotAllowedError('The perk purchase constraint refused this user', {
        reason: 'PURCHASE_CONSTRAINT',
        contract: request.to,
        collectionId: call.collectionId.toString(),
        constraintReason: constraint.reason,
        allowed: [],
      })
    }
  }
  const counterparty = await counterpartyOf(chain, call, collectionBrand)
  const brandId = await brandOfAddress(ctx, counterparty)

  await checkGasBudgets(ctx, {
    userAddress,
    brandId,
    userBudget: o.userDailyGasBudget,
    brandBudget: o.brandDailyGasBudget,
  })
  const rateLimit = await countRelayTransaction(ctx, { userAddress, limit: o.transactionsPerHour })

  const permitResult = permit
    ? await executePermit(ctx, chain, {
        permit,
        brandId,
        receiptTimeoutMs: o.receiptTimeoutMs,
        replaceAfterMs: o.replaceAfterMs,
      })
    : { executed: false }

  const relayer = chain.relayer.address
  const target = { account: relayer, to: request.to as Address, data: request.data as Hex }
  let gas: bigint
  try {
    if (request.gasLimit !== undefined) {
      await chain.publicClient.call(target)
      gas = BigInt(request.gasLimit)
    } else {
      const estimate = await chain.publicClient.estimateGas(target)
      if (estimate > BigInt(o.maxGasLimit)) {
        throw new TransactionNotAllowedError(`The call needs more gas than the relayer's cap of ${o.maxGasLimit}`, {
          reason: 'GAS_LIMIT_TOO_HIGH',
          contract: request.to,
          estimate: estimate.toString(),
          maxGasLimit: o.maxGasLimit,
          allowed: [],
        })
      }
      gas = (estimate * GAS_HEADROOM) / 100n
      if (gas > BigInt(o.maxGasLimit)) gas = BigInt(o.maxGasLimit)
    }
  } catch (error) {
    if (error instanceof TransactionNotAllowedError) throw error
    const revert = decodeRelayRevert(error)
    if (!revert.reverted)
      throw new UnavailableError('The chain could not simulate the call', 'CHAIN_UNAVAILABLE', {}, error)
    throw failure(call, revert, 'simulation')
  }

  const outcome = await relaySenderOf(ctx).send(
    {
      kind: 'call',
      to: request.to,
      data: request.data,
      gas,
      functionName: call.functionName,
      userAddress,
      brandId,
    },
    { receiptTimeoutMs: o.receiptTimeoutMs, replaceAfterMs: o.replaceAfterMs },
  )
  const { receipt } = outcome
  if (receipt.status !== 'success') {
    let revert: RelayRevert = { reverted: true, errorName: 'Unknown', args: [], message: 'reverted on chain' }
    try {
      await chain.publicClient.call({ ...target, gas, blockNumber: receipt.blockNumber - 1n })
      revert = { reverted: true, errorName: 'Unknown', args: [], message: 'reverted on chain (out of gas?)' }
    } catch (error) {
      const decoded = decodeRelayRevert(error)
      if (decoded.reverted) revert = decoded
    }
    throw failure(call, revert, 'execution', outcome.txHash)
  }
  ctx.logger.info(
    { userAddress, to: request.to, function: call.functionName, transactionHash: outcome.txHash, brandId },
    'transaction relayed',
  )
  const explorer = chain.explorerUrl?.replace(/\/+$/, '')
  const result: RelayResult = {
    success: true,
    transactionHash: outcome.txHash,
    gasUsed: receipt.gasUsed.toString(),
    effectiveGasPrice: (receipt.effectiveGasPrice ?? 0n).toString(),
    blockNumber: Number(receipt.blockNumber),
    from: relayer.toLowerCase(),
    to: request.to,
    status: 'confirmed',
    ...(explorer ? { explorerUrl: `${explorer}/tx/${outcome.txHash}` } : {}),
    ...(permitResult.transactionHash ? { permitTransactionHash: permitResult.transactionHash } : {}),
  }
  return { answer: { result, rateLimit }, functionName: call.functionName }
}
