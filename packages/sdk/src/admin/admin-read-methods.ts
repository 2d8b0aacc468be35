import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import type {
  AdminCreatePerkParams,
  AdminLedgerList,
  AdminMember,
  AdminMemberSearch,
  AdminOverview,
  AdminPerk,
  AdminPipeline,
  AdminRulePreview,
  AdminRulePreviewParams,
  MemberLedgerEntry,
} from '../types/wire'
import { adminData, adminRequest, seg } from './admin-route'

/** `?limit=` (1 to 200, default 50) and `?cursor=` (the previous page's `nextCursor`) of an admin list. */
export type AdminListParams = { limit?: number; cursor?: string }

/** A page of an admin list: `nextCursor` is null on the last page. */
export type AdminList<T> = { data: T[]; nextCursor: string | null }

/** Query of the ledger list: a wallet, a kind, and the page. */
export type AdminLedgerParams = AdminListParams & { wallet?: string; kind?: MemberLedgerEntry['kind'] }

/** The read side of `client.admin` (docs/admin-api.md): members, ledger, perks, overview, pipeline, rule preview. */
export type AdminReadMethods = {
  members: {
    /** GET /admin/v1/brands/:brandId/members?q=: a member by email, wallet address or user key (exact). */
    search(brandId: string, q: string, options?: RequestOptions): Promise<AdminMemberSearch>
    /** GET /admin/v1/brands/:brandId/members/:member (email or address): balance, totals, newest entries. */
    retrieve(brandId: string, member: string, options?: RequestOptions): Promise<AdminMember>
  }
  ledger: {
    /** GET /admin/v1/brands/:brandId/ledger: entries newest first, by wallet or kind, one page. */
    list(brandId: string, params?: AdminLedgerParams, options?: RequestOptions): Promise<AdminLedgerList>
  }
  perks: {
    /** GET /admin/v1/brands/:brandId/perks: the brand's perk collections, oldest first, one page. */
    list(brandId: string, params?: AdminListParams, options?: RequestOptions): Promise<AdminList<AdminPerk>>
    /** POST /admin/v1/brands/:brandId/perks: creates a perk collection on chain (admin:write). */
    create(brandId: string, params: AdminCreatePerkParams, options?: RequestOptions): Promise<AdminPerk>
  }
  /** GET /admin/v1/brands/:brandId/overview?days=: the dashboard's figures over the last `days` (1 to 90, default 30). */
  overview(brandId: string, params?: { days?: number }, options?: RequestOptions): Promise<AdminOverview>
  /** GET /admin/v1/brands/:brandId/pipeline: the brand's mint queue, lag and last batches. */
  pipeline(brandId: string, options?: RequestOptions): Promise<AdminPipeline>
  /** POST /admin/v1/brands/:brandId/rules/:eventType/preview: would this event be rewarded now, and why not. */
  previewRule(
    brandId: string,
    eventType: string,
    params: AdminRulePreviewParams,
    options?: RequestOptions,
  ): Promise<AdminRulePreview>
}

export function adminReadMethods(ctx: ClientContext): AdminReadMethods {
  const brand = (brandId: string) => `/brands/${seg(brandId)}`
  return {
    members: {
      search: (brandId, q, options) =>
        adminRequest(
          ctx,
          { name: 'members.search', method: 'GET', path: `${brand(brandId)}/members`, query: { q } },
          options,
        ),
      retrieve: (brandId, member, options) =>
        adminData(
          ctx,
          { name: 'members.retrieve', method: 'GET', path: `${brand(brandId)}/members/${seg(member)}` },
          options,
        ),
    },
    ledger: {
      list: (brandId, params = {}, options) =>
        adminRequest(
          ctx,
          {
            name: 'ledger.list',
            method: 'GET',
            path: `${brand(brandId)}/ledger`,
            query: { wallet: params.wallet, kind: params.kind, limit: params.limit, cursor: params.cursor },
          },
          options,
        ),
    },
    perks: {
      list: (brandId, params = {}, options) =>
        adminRequest(
          ctx,
          {
            name: 'perks.list',
            method: 'GET',
            path: `${brand(brandId)}/perks`,
            query: { limit: params.limit, cursor: params.cursor },
          },
          options,
        ),
      create: (brandId, params, options) =>
        adminData(
          ctx,
          { name: 'perks.create', method: 'POST', path: `${brand(brandId)}/perks`, body: params },
          options,
        ),
    },
    overview: (brandId, params = {}, options) =>
      adminData(
        ctx,
        { name: 'overview', method: 'GET', path: `${brand(brandId)}/overview`, query: { days: params.days } },
        options,
      ),
    pipeline: (brandId, options) =>
      adminData(ctx, { name: 'pipeline', method: 'GET', path: `${brand(brandId)}/pipeline` }, options),
    previewRule: (brandId, eventType, params, options) =>
      adminData(
        ctx,
        {
          name: 'rules.preview',
          method: 'POST',
          path: `${brand(brandId)}/rules/${seg(eventType)}/preview`,
          body: params,
        },
        options,
      ),
  }
}
