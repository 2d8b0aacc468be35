import * as s from '@loyaltykit/engine/schemas'
import type { ApiOperation } from './api-operation'

const relayer = { errors: 'relayer' } as const

/** The relayer, perk charges and points-sale items under the relayer's base path (docs/relayer.md). */
export function relayerOperations(basePath: string): ApiOperation[] {
  return [
    {
      ...relayer,
      tag: 'Relayer',
      method: 'post',
      path: `${basePath}/relay`,
      summary: 'Relay a signed meta-transaction',
      auth: ['accessToken'],
      body: s.relayRequestSchema,
      response: s.relayResponseSchema,
    },
    {
      ...relayer,
      tag: 'Perk charges',
      method: 'post',
      path: `${basePath}/redeem-perk`,
      summary: "Use a perk's charges",
      auth: ['brandHmac'],
      body: s.redeemPerkChargesRequestSchema,
      response: s.redeemPerkChargesResponseSchema,
    },
    {
      ...relayer,
      tag: 'Perk charges',
      method: 'get',
      path: `${basePath}/check-perk-status`,
      summary: "A holder's perk status",
      auth: ['brandHmac'],
      query: s.getPerkStatusRequestSchema,
      response: s.getPerkStatusResponseSchema,
    },
    {
      ...relayer,
      tag: 'Perk charges',
      method: 'get',
      path: `${basePath}/list-perk-holders`,
      summary: "A perk's holders",
      auth: ['brandHmac'],
      query: s.listPerkHoldersRequestSchema,
      response: s.listPerkHoldersResponseSchema,
    },
    {
      ...relayer,
      tag: 'Perk charges',
      method: 'get',
      path: `${basePath}/points-sale/items`,
      summary: 'Points-sale items',
      auth: [],
      query: s.listPointsSaleItemsRequestSchema,
      response: s.listPointsSaleItemsResponseSchema,
    },
  ]
}
