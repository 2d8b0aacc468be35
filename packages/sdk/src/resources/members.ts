import type { RequestOptions } from '../client/client-options'
import type { ClientContext } from '../core/client-context'
import { sendRequest } from '../core/send-request'
import { type CursorListPromise, cursorListPromise } from '../pagination/cursor-list-promise'
import type { ListMemberHistoryParams, ListMemberHistoryResponse, Member, MemberLedgerEntry } from '../types/wire'

/**
 * What a brand's backend reads of its members, with the client's `apiKey` (scope `events` or
 * `members_read`): only the key's brand, whose data it is. A member unknown at the brand is a
 * `NotFoundError` (`MEMBER_NOT_FOUND`), even when it is a member elsewhere.
 */
export type MembersResource = {
  /**
   * GET /loyalty-api/members/:emailOrAddress: the member's wallet, on-chain balance (network-wide)
   * and totals at the brand (earned, bought, granted, redeemed, clawed back, transfers), first and
   * last activity.
   */
  retrieve(emailOrAddress: string, options?: RequestOptions): Promise<Member>
  /**
   * GET /loyalty-api/members/:emailOrAddress/history: the member's ledger entries at the brand,
   * newest first. Awaited: one page (`limit` 1 to 100, default 20); `for await (const entry of
   * client.members.history(email))`: every entry, page after page.
   */
  history(
    emailOrAddress: string,
    params?: ListMemberHistoryParams,
    options?: RequestOptions,
  ): CursorListPromise<MemberLedgerEntry>
}

const memberPath = (emailOrAddress: string) => `/loyalty-api/members/${encodeURIComponent(emailOrAddress)}`

export function membersResource(ctx: ClientContext): MembersResource {
  return {
    retrieve: (emailOrAddress, options) =>
      sendRequest(
        ctx,
        { name: 'members.retrieve', method: 'GET', path: memberPath(emailOrAddress), auth: 'apiKey' },
        options,
      ),
    history: (emailOrAddress, params = {}, options) =>
      cursorListPromise(
        (cursor) =>
          sendRequest<ListMemberHistoryResponse>(
            ctx,
            {
              name: 'members.history',
              method: 'GET',
              path: `${memberPath(emailOrAddress)}/history`,
              query: { limit: params.limit, cursor },
              auth: 'apiKey',
            },
            options,
          ),
        params.cursor,
      ),
  }
}
