import { type Kysely, type Selectable, sql } from 'kysely'
import type { WebhookEndpointRecord, WebhookEndpointSecrets, WebhookStore } from '../ports/webhook-store'
import type { Database } from './database'
import { numberOrNull } from './number-or-null'
import type { WebhookEndpointsTable } from './webhook-tables'

type EndpointMethods = Pick<
  WebhookStore,
  | 'insertEndpoint'
  | 'upsertDefaultEndpoint'
  | 'getDefaultEndpoint'
  | 'getEndpoint'
  | 'listEndpoints'
  | 'updateEndpoint'
  | 'rotateEndpointSecret'
  | 'getEndpointSecrets'
  | 'deleteEndpoint'
>

/** Every column but the secrets. */
const ENDPOINT_COLUMNS = [
  'id',
  'brand_id',
  'url',
  'event_types',
  'description',
  'enabled',
  'is_default',
  'previous_secret_expires_at',
  'created_at',
  'updated_at',
] as const

type EndpointRow = Pick<Selectable<WebhookEndpointsTable>, (typeof ENDPOINT_COLUMNS)[number]>

/** The default endpoint receives every event type. */
const ALL_WEBHOOK_EVENT_TYPES = '["*"]'

function toEndpoint(row: EndpointRow): WebhookEndpointRecord {
  return {
    id: row.id,
    brandId: row.brand_id,
    url: row.url,
    eventTypes: JSON.parse(row.event_types) as string[],
    description: row.description,
    enabled: Number(row.enabled) === 1,
    isDefault: Number(row.is_default) === 1,
    previousSecretExpiresAt: numberOrNull(row.previous_secret_expires_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  }
}

/** The endpoint half of `WebhookStore`. */
export function createWebhookEndpointMethods(db: Kysely<Database>): EndpointMethods {
  const endpoints = () => db.selectFrom('webhook_endpoints').select(ENDPOINT_COLUMNS)
  return {
    async insertEndpoint({ endpoint: e, secretCiphertext }) {
      const row = await db
        .insertInto('webhook_endpoints')
        .values({
          id: e.id,
          brand_id: e.brandId,
          url: e.url,
          event_types: JSON.stringify(e.eventTypes),
          description: e.description,
          enabled: e.enabled ? 1 : 0,
          is_default: e.isDefault ? 1 : 0,
          secret_ciphertext: secretCiphertext,
          previous_secret_ciphertext: null,
          previous_secret_expires_at: null,
          created_at: e.createdAt,
          updated_at: e.updatedAt,
        })
        .returning(ENDPOINT_COLUMNS)
        .executeTakeFirstOrThrow()
      return toEndpoint(row)
    },

    async upsertDefaultEndpoint({ id, brandId, url, secretCiphertext, now }) {
      const row = await db
        .insertInto('webhook_endpoints')
        .values({
          id,
          brand_id: brandId,
          url,
          event_types: ALL_WEBHOOK_EVENT_TYPES,
          description: null,
          enabled: 1,
          is_default: 1,
          secret_ciphertext: secretCiphertext,
          previous_secret_ciphertext: null,
          previous_secret_expires_at: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .column('brand_id')
            // A literal: the predicate must match the partial unique index's for the conflict target.
            .where('is_default', '=', sql.lit(1))
            .doUpdateSet({
              url,
              enabled: 1,
              secret_ciphertext: secretCiphertext,
              previous_secret_ciphertext: null,
              previous_secret_expires_at: null,
              updated_at: now,
            }),
        )
        .returning(ENDPOINT_COLUMNS)
        .executeTakeFirstOrThrow()
      return toEndpoint(row)
    },

    async getDefaultEndpoint(brandId) {
      const row = await endpoints().where('brand_id', '=', brandId).where('is_default', '=', 1).executeTakeFirst()
      return row && toEndpoint(row)
    },

    async getEndpoint(id) {
      const row = await endpoints().where('id', '=', id).executeTakeFirst()
      return row && toEndpoint(row)
    },

    async listEndpoints(brandId) {
      const rows = await endpoints().where('brand_id', '=', brandId).orderBy('created_at').orderBy('id').execute()
      return rows.map(toEndpoint)
    },

    async updateEndpoint({ id, changes, now }) {
      const row = await db
        .updateTable('webhook_endpoints')
        .set({
          ...(changes.url === undefined ? {} : { url: changes.url }),
          ...(changes.eventTypes === undefined ? {} : { event_types: JSON.stringify(changes.eventTypes) }),
          ...(changes.description === undefined ? {} : { description: changes.description }),
          ...(changes.enabled === undefined ? {} : { enabled: changes.enabled ? 1 : 0 }),
          updated_at: now,
        })
        .where('id', '=', id)
        .returning(ENDPOINT_COLUMNS)
        .executeTakeFirst()
      return row && toEndpoint(row)
    },

    async rotateEndpointSecret({ id, secretCiphertext, previousExpiresAt, now }) {
      // The right-hand sides read the row as it was before this update (both dialects).
      const updated = await db
        .updateTable('webhook_endpoints')
        .set((eb) => ({
          previous_secret_ciphertext: previousExpiresAt === null ? null : eb.ref('secret_ciphertext'),
          previous_secret_expires_at: previousExpiresAt,
          secret_ciphertext: secretCiphertext,
          updated_at: now,
        }))
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(updated.numUpdatedRows) > 0
    },

    async getEndpointSecrets(id): Promise<WebhookEndpointSecrets | undefined> {
      const row = await db
        .selectFrom('webhook_endpoints')
        .select(['secret_ciphertext', 'previous_secret_ciphertext', 'previous_secret_expires_at'])
        .where('id', '=', id)
        .executeTakeFirst()
      return (
        row && {
          secret: row.secret_ciphertext,
          previousSecret: row.previous_secret_ciphertext,
          previousSecretExpiresAt: numberOrNull(row.previous_secret_expires_at),
        }
      )
    },

    async deleteEndpoint(id) {
      await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute()
      const deleted = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst()
      return Number(deleted.numDeletedRows) > 0
    },
  }
}
