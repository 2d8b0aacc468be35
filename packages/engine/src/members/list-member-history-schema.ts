import { z } from 'zod'
import { LEDGER_KINDS, type LedgerKind } from '../ports/ledger-store'
import { brandIdSchema } from '../schemas/brand-id'
import { cursorListResponseSchema, listCursorSchema, listLimitSchema } from '../schemas/cursor-list'
import { wireFormats } from '../schemas/wire-formats'
import { memberIdentifierSchema } from './member-identifier'

/** `GET /loyalty-api/members/:emailOrAddress/history?limit=&cursor=[&brandId=]` (a query string: coerced). */
export const listMemberHistoryParametersSchema = z.object({
  /** The member: an email (its custodial wallet) or a 0x wallet address. */
  emailOrAddress: memberIdentifierSchema,
  /** Entries per page: 1 to 100, default 20 (out of range: 400, never clamped). */
  limit: listLimitSchema,
  /** `next_cursor` of the previous page; absent: the newest entries. */
  cursor: listCursorSchema.optional(),
  /** Optional: when given it must be the API key's brand. */
  brandId: brandIdSchema.optional(),
})

export type ListMemberHistoryParameters = z.input<typeof listMemberHistoryParametersSchema>

/** Path and query of the history as clients send them. */
export const listMemberHistoryRequestSchema = z.object({
  emailOrAddress: z.string(),
  /** 1 to 100, default 20. */
  limit: z.number().int().min(1).max(100).optional(),
  /** `next_cursor` of the previous page. */
  cursor: z.string().optional(),
  brandId: z.string().optional(),
})

/** One ledger entry of a member at the brand: a movement of its points (docs/ledger.md#kinds). */
export const memberLedgerEntrySchema = z.object({
  id: z.string(),
  /** reward · purchase · grant · agent_reward · redemption · transfer · clawback. */
  kind: z.enum(LEDGER_KINDS as [LedgerKind, ...LedgerKind[]]),
  /** Signed whole tokens: positive when the wallet received, negative when it spent or lost. */
  amount: z.number().int(),
  /** The same in wei (18 decimals), signed decimal string: exact. */
  amountWei: z.string().regex(/^-?\d+$/, 'must be a signed decimal integer string'),
  /** pending (decided, not on chain yet) · confirmed (on chain) · failed (its last mint attempt reverted; retried). */
  status: z.enum(['pending', 'confirmed', 'failed']),
  /** The transaction that moved it (confirmed), or the last that reverted (failed); null while pending. */
  transactionHash: z.string().nullable(),
  blockNumber: z.number().int().nonnegative().nullable(),
  /** What the entry records: `event` (an event id: its proof is GET /loyalty-api/events/:id), `checkout_session`, `perk_claim`, `refund`, `token_transfer`, `mint_job`… */
  source: z.object({ type: z.string(), id: z.string() }),
  /** The other side of a transfer or a redemption (an address); null for mints and burns. */
  counterparty: wireFormats.address.nullable(),
  createdAt: wireFormats.isoTimestamp,
  /** When it was confirmed on chain; null until then. */
  confirmedAt: wireFormats.isoTimestamp.nullable(),
})

/** 200 body of the history: `{ data, has_more, next_cursor }`, newest first. */
export const listMemberHistoryResponseSchema = cursorListResponseSchema(memberLedgerEntrySchema)
