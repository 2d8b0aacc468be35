import { describe, expect, it } from 'vitest'
import { classifySendError } from './classify-send-error'

describe('classifySendError', () => {
  it.each([
    // EDR (Hardhat 3)
    [
      "Nonce too low. Expected nonce to be 1 but got 0. Note that transactions can't be queued when automining.",
      'nonce_too_low',
    ],
    [
      "Nonce too high. Expected nonce to be 1 but got 2. Note that transactions can't be queued when automining.",
      'nonce_too_high',
    ],
    ['Transaction gas limit is 17000000 and exceeds transaction gas cap of 16777216', 'rejected'],
    [
      'Transaction maxFeePerGas (1) is too low for the next block, which has a baseFeePerGas of 765701563',
      'fee_too_low',
    ],
    [
      "Sender doesn't have enough funds to send tx. The max upfront cost is: 210000000000000 and the sender's balance is: 0.",
      'insufficient_funds',
    ],
    ['Trying to send a raw transaction with an invalid chainId. The expected chainId is 31337', 'rejected'],
    ['VM Exception while processing transaction: reverted with an unrecognized custom error', 'reverted'],
    // geth / erigon / nethermind
    ['already known', 'already_known'],
    ['nonce too low: next nonce 5, tx nonce 4', 'nonce_too_low'],
    ['replacement transaction underpriced', 'underpriced'],
    ['max fee per gas less than block base fee: address 0x…, maxFeePerGas: 1 baseFee: 7', 'fee_too_low'],
    ['insufficient funds for gas * price + value', 'insufficient_funds'],
    ['intrinsic gas too low', 'rejected'],
    ['exceeds block gas limit', 'rejected'],
    ['fetch failed', 'transient'],
    ['HTTP request failed. Status: 503', 'transient'],
  ])('%s → %s', (message, kind) => {
    expect(classifySendError(new Error(message)).kind).toBe(kind)
  })

  it('reads the node message from the cause chain (viem wraps it in `details`)', () => {
    const wrapped = Object.assign(new Error('An internal error was received.'), {
      details: 'nonce too low',
      cause: new Error('inner'),
    })
    expect(classifySendError(wrapped).kind).toBe('nonce_too_low')
    expect(classifySendError(new Error('outer', { cause: new Error('already known') })).kind).toBe('already_known')
  })
})
