import type { AgentCredentials } from './agent-client'
import type { AgentFixture } from './agent-fixture'
import { queryTestDatabase } from './query-test-database'

const DAY = 86_400_000

/** What the agent-rewards suites do on an agent fixture: keys, brands, claims, the key's wallet. */
export function agentRewardsSupport(f: AgentFixture) {
  const engine = () => f.s.runtime.engine
  // A nonce in the query: the same request signed twice in one second would be refused as a replay (401).
  let sent = 0
  return {
    nonce: () => ++sent,
    /** A free key (1000 requests a minute) made through the engine, faster than the CLI. */
    async newKey(flags: { canOnboard?: boolean } = {}): Promise<AgentCredentials> {
      const { key, secret } = await engine().agent.createKey({
        name: 'rewards',
        tier: 'free',
        rateLimitPerMinute: 1000,
        ...flags,
      })
      return { keyId: key.id, secret }
    },
    /** A brand, onboarded by `onboardedBy` when given, created `ageDays` ago (created_at rewritten). */
    async brand(name: string, onboardedBy?: AgentCredentials, ageDays = 0): Promise<string> {
      const { brand: b } = await engine().brands.create({
        name,
        websites: [],
        ...(onboardedBy ? { onboardedByAgentKeyId: onboardedBy.keyId } : {}),
      })
      if (ageDays > 0) {
        await queryTestDatabase(f.db, 'update brands set created_at = ? where id = ?', [
          Date.now() - ageDays * DAY,
          b.id,
        ])
      }
      return b.id
    },
    claim: (as: AgentCredentials, rewardType: string, brandAddress: string) =>
      f.call('POST', `/api/v1/agent/rewards/claim?n=${++sent}`, { as, body: { rewardType, brandAddress } }),
    myRewards: (as: AgentCredentials) => f.call('GET', `/api/v1/agent/rewards?n=${++sent}`, { as }),
    /** The key's custodial wallet (owner `agent:<keyId>`), undefined before its first reward. */
    walletOf: async (key: AgentCredentials) =>
      (await f.s.runtime.storage.wallets.findByOwner(`agent:${key.keyId}`))?.address,
    /** The brand's paid claims, by type. */
    claimsOf: (brandAddress: string) =>
      queryTestDatabase<{ agent_key_id: string; reward_type: string; amount: number | string }>(
        f.db,
        'select agent_key_id, reward_type, amount from agent_reward_claims where brand_address = ? order by reward_type',
        [brandAddress],
      ),
  }
}
