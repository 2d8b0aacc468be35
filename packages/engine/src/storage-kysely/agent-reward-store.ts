import type { Kysely, Selectable } from 'kysely'
import type { AgentRewardClaim, AgentRewardStore, AgentRewardType } from '../ports/agent-reward-store'
import type { AgentRewardClaimsTable } from './agent-tables'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

function toClaim(row: Selectable<AgentRewardClaimsTable>): AgentRewardClaim {
  return {
    id: row.id,
    agentKeyId: row.agent_key_id,
    rewardType: row.reward_type as AgentRewardType,
    brandAddress: row.brand_address,
    amount: Number(row.amount),
    mintJobId: row.mint_job_id,
    walletAddress: row.wallet_address,
    createdAt: Number(row.created_at),
  }
}

export function createAgentRewardStore(db: Kysely<Database>, dialect: SqlDialect): AgentRewardStore {
  return {
    async lockKey(agentKeyId) {
      if (dialect !== 'postgres') return // SQLite: the transaction holds the only writer
      await db.selectFrom('agent_keys').select('id').where('id', '=', agentKeyId).forUpdate().execute()
    },

    async record(c) {
      const r = await db
        .insertInto('agent_reward_claims')
        .values({
          id: c.id,
          agent_key_id: c.agentKeyId,
          reward_type: c.rewardType,
          brand_address: c.brandAddress.toLowerCase(),
          amount: c.amount,
          mint_job_id: c.mintJobId,
          wallet_address: c.walletAddress.toLowerCase(),
          created_at: c.createdAt,
        })
        .onConflict((oc) => oc.columns(['reward_type', 'brand_address']).doNothing())
        .executeTakeFirst()
      return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0
    },

    async find({ rewardType, brandAddress }) {
      const row = await db
        .selectFrom('agent_reward_claims')
        .selectAll()
        .where('reward_type', '=', rewardType)
        .where('brand_address', '=', brandAddress.toLowerCase())
        .executeTakeFirst()
      return row && toClaim(row)
    },

    async listSince({ agentKeyId, since }) {
      const rows = await db
        .selectFrom('agent_reward_claims')
        .selectAll()
        .where('agent_key_id', '=', agentKeyId)
        .where('created_at', '>=', since)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
      return rows.map(toClaim)
    },

    async earnings(agentKeyId) {
      const rows = await db
        .selectFrom('agent_reward_claims')
        .select((eb) => ['reward_type', eb.fn.sum<number | string>('amount').as('total')])
        .where('agent_key_id', '=', agentKeyId)
        .groupBy('reward_type')
        .execute()
      const total = (t: AgentRewardType) => Number(rows.find((r) => r.reward_type === t)?.total ?? 0)
      return { discovery: total('discovery'), onboarding: total('onboarding') }
    },
  }
}
