// Which JSON-RPC calls the embedded chain's journal records, how it names a mined group, and which
// calls it refuses (journaled-provider.ts writes the journal, replay-chain-journal.ts replays it).

/** Calls that change state without mining a block; journaled and replayed verbatim. */
export const JOURNALED_STATE_CALLS = new Set([
  'hardhat_setBalance',
  'hardhat_setNonce',
  'hardhat_setCode',
  'hardhat_setStorageAt',
])

/**
 * Journal method of a block of several raw transactions (params: the raw transactions in block
 * order). A block of one is journaled as `eth_sendRawTransaction`, an empty one as `evm_mine`.
 */
export const MINED_RAW_TRANSACTIONS = 'loyaltykit_minedRawTransactions'

/** Calls the journal cannot represent (or that would make replay diverge): refused. */
export const JOURNAL_REFUSED_CALLS = new Set([
  'eth_sendTransaction',
  'eth_signTransaction',
  'hardhat_mine',
  'hardhat_reset',
  'hardhat_impersonateAccount',
  'hardhat_stopImpersonatingAccount',
  'hardhat_setCoinbase',
  'hardhat_setPrevRandao',
  'hardhat_setNextBlockBaseFeePerGas',
  'hardhat_setMinGasPrice',
  'hardhat_dropTransaction',
  'evm_snapshot',
  'evm_revert',
  'evm_setAutomine',
  'evm_setIntervalMining',
  'evm_setBlockGasLimit',
])
