import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { getPerkStatusParametersSchema, getPerkStatusRequestSchema } from '../perks/get-perk-status-schema'
import { listPerkHoldersParametersSchema, listPerkHoldersRequestSchema } from '../perks/list-perk-holders-schema'
import { redeemPerkChargesParametersSchema, redeemPerkChargesRequestSchema } from '../perks/redeem-perk-charges-schema'
import { relayParametersSchema, relayRequestSchema } from '../relay/relay-schema'
import { checkInParametersSchema, checkInRequestSchema } from '../site/check-in-schema'
import { claimMilestoneParametersSchema, claimMilestoneRequestSchema } from '../site/claim-milestone-schema'
import { getStreakParametersSchema, getStreakRequestSchema } from '../site/get-streak-schema'
import { redeemSitePerkParametersSchema, redeemSitePerkRequestSchema } from '../site/redeem-site-perk-schema'
import { siteLeaderboardParametersSchema, siteLeaderboardRequestSchema } from '../site/site-leaderboard-schema'

// Some request schemas describe what clients send while the operation parses with its parameters
// schema (coercions, bigint transforms). Whatever a wire type allows must be something the parser's input
// type allows (checked at compile time) and parses (checked below on samples).
type Accepts<Parser extends z.ZodType, Wire extends z.ZodType> = [z.output<Wire>] extends [z.input<Parser>]
  ? true
  : false
const compatible: [
  Accepts<typeof relayParametersSchema, typeof relayRequestSchema>,
  Accepts<typeof redeemPerkChargesParametersSchema, typeof redeemPerkChargesRequestSchema>,
  Accepts<typeof getPerkStatusParametersSchema, typeof getPerkStatusRequestSchema>,
  Accepts<typeof listPerkHoldersParametersSchema, typeof listPerkHoldersRequestSchema>,
  Accepts<typeof checkInParametersSchema, typeof checkInRequestSchema>,
  Accepts<typeof claimMilestoneParametersSchema, typeof claimMilestoneRequestSchema>,
  Accepts<typeof getStreakParametersSchema, typeof getStreakRequestSchema>,
  Accepts<typeof redeemSitePerkParametersSchema, typeof redeemSitePerkRequestSchema>,
] = [true, true, true, true, true, true, true, true]

const address = `0x${'Ab'.repeat(20)}`
const samples: Array<[z.ZodType, z.ZodType, unknown]> = [
  [
    relayRequestSchema,
    relayParametersSchema,
    {
      to: address,
      data: '0xa9059cbb',
      value: '0',
      gasLimit: 200_000,
      userAddress: address,
      metadata: {
        action: 'claim',
        perkId: 7,
        permit: {
          owner: address,
          spender: address,
          value: '10',
          deadline: 1,
          v: 27,
          r: `0x${'1'.repeat(64)}`,
          s: `0x${'2'.repeat(64)}`,
        },
      },
    },
  ],
  [relayRequestSchema, relayParametersSchema, { to: address, data: '0x00', userAddress: address }],
  [
    redeemPerkChargesRequestSchema,
    redeemPerkChargesParametersSchema,
    { collectionId: '12345678901234567890', tokenId: 3, charges: 2 },
  ],
  [getPerkStatusRequestSchema, getPerkStatusParametersSchema, { collectionId: 1, tokenId: '2' }],
  [listPerkHoldersRequestSchema, listPerkHoldersParametersSchema, { collectionId: 1, limit: 200, offset: 0 }],
  [checkInRequestSchema, checkInParametersSchema, { user: { id: 42, email: 'ann@example.com' } }],
  [
    claimMilestoneRequestSchema,
    claimMilestoneParametersSchema,
    { user: { id: 'wp-7', email: 'ann@example.com', displayName: 'Ann' }, milestoneDays: '30' },
  ],
  [getStreakRequestSchema, getStreakParametersSchema, { userId: 42 }],
  [
    redeemSitePerkRequestSchema,
    redeemSitePerkParametersSchema,
    { user: { id: 7, email: 'ann@example.com' }, perkId: '6f1c0a52-7d3e-4a8e-9f00-0c6f5a1b2c01' },
  ],
  [siteLeaderboardRequestSchema, siteLeaderboardParametersSchema, { metric: 'streak', period: 'month', limit: '5' }],
]

describe('request schemas', () => {
  it('every sample of a request parses with the parameters schema of its operation', () => {
    expect(compatible).toEqual([true, true, true, true, true, true, true, true])
    for (const [wire, parser, sample] of samples) {
      expect(wire.safeParse(sample).success).toBe(true)
      expect(parser.safeParse(sample).error).toBeUndefined()
    }
  })
})
