import type { Address, EIP1193Provider, PublicClient } from 'viem'

/** 10,000 ETH: what the embedded chain gives its accounts. */
const EMBEDDED_ACCOUNT_FUNDING = 10n ** 22n

/**
 * Sets the balance of each account under a tenth of `EMBEDDED_ACCOUNT_FUNDING` back to it, with
 * `hardhat_setBalance` through `provider` (the journaled provider: the call is journaled and
 * replayed). Accounts with enough are left alone, so a restart changes nothing.
 */
export async function topUpAccounts(
  provider: Pick<EIP1193Provider, 'request'>,
  publicClient: Pick<PublicClient, 'getBalance'>,
  addresses: readonly Address[],
): Promise<void> {
  for (const address of addresses) {
    const balance = await publicClient.getBalance({ address })
    if (balance < EMBEDDED_ACCOUNT_FUNDING / 10n) {
      await provider.request({
        method: 'hardhat_setBalance',
        params: [address, `0x${EMBEDDED_ACCOUNT_FUNDING.toString(16)}`],
      } as never)
    }
  }
}
