import type { Insertable, Kysely, Selectable } from 'kysely'
import type { DetectionConfig, EventRule, RuleStore } from '../ports/rule-store'
import type { EventRulesTable } from './core-tables'
import type { Database } from './database'
import type { SqlDialect } from './dialect'

function toRule(row: Selectable<EventRulesTable>): EventRule {
  return {
    brandId: row.brand_id,
    eventType: row.event_type,
    eventId: row.event_id,
    rewardAmount: Number(row.reward_amount),
    maxClaims: Number(row.max_claims),
    cooldownHours: Number(row.cooldown_hours),
    maxTotalClaims: row.max_total_claims === null ? null : Number(row.max_total_claims),
    detectionMethod: row.detection_method,
    detectionConfig: JSON.parse(row.detection_config) as DetectionConfig,
    isCustom: Number(row.is_custom) === 1,
    enabled: Number(row.enabled) === 1,
    updatedAt: Number(row.updated_at),
  }
}

function toRow(rule: EventRule): Insertable<EventRulesTable> {
  return {
    brand_id: rule.brandId,
    event_type: rule.eventType,
    event_id: rule.eventId,
    reward_amount: rule.rewardAmount,
    max_claims: rule.maxClaims,
    cooldown_hours: rule.cooldownHours,
    max_total_claims: rule.maxTotalClaims,
    detection_method: rule.detectionMethod,
    detection_config: JSON.stringify(rule.detectionConfig),
    is_custom: rule.isCustom ? 1 : 0,
    enabled: rule.enabled ? 1 : 0,
    updated_at: rule.updatedAt,
  }
}

export function createRuleStore(db: Kysely<Database>, dialect: SqlDialect): RuleStore {
  return {
    async upsert(rule) {
      await db
        .insertInto('event_rules')
        .values(toRow(rule))
        .onConflict((oc) =>
          oc.columns(['brand_id', 'event_type']).doUpdateSet((eb) => ({
            event_id: eb.ref('excluded.event_id'),
            reward_amount: eb.ref('excluded.reward_amount'),
            max_claims: eb.ref('excluded.max_claims'),
            cooldown_hours: eb.ref('excluded.cooldown_hours'),
            max_total_claims: eb.ref('excluded.max_total_claims'),
            detection_method: eb.ref('excluded.detection_method'),
            detection_config: eb.ref('excluded.detection_config'),
            is_custom: eb.ref('excluded.is_custom'),
            enabled: eb.ref('excluded.enabled'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute()
    },

    async get(brandId, eventType, options) {
      let query = db
        .selectFrom('event_rules')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('event_type', '=', eventType)
      if (options?.forUpdate && dialect === 'postgres') query = query.forUpdate()
      const row = await query.executeTakeFirst()
      return row && toRule(row)
    },

    async list(brandId, options) {
      let query = db.selectFrom('event_rules').selectAll().where('brand_id', '=', brandId)
      if (!options?.includeDisabled) query = query.where('enabled', '=', 1)
      const rows = await query.execute()
      return rows.map(toRule).sort(byEventType)
    },

    async listEnabledOf(brandIds) {
      if (brandIds.length === 0) return []
      const rows = await db
        .selectFrom('event_rules')
        .selectAll()
        .where('brand_id', 'in', [...brandIds])
        .where('enabled', '=', 1)
        .execute()
      return rows.map(toRule).sort(byEventType)
    },
  }
}

/** Sorted in JavaScript: PostgreSQL's locale collation and SQLite's binary one disagree on `_`. */
const byEventType = (a: EventRule, b: EventRule) => (a.eventType < b.eventType ? -1 : a.eventType > b.eventType ? 1 : 0)
