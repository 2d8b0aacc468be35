import { verifyProofCommand } from './verify-proof-command'

export const verifyRedemptionCommand = verifyProofCommand({
  kind: 'redemption',
  idName: 'REDEMPTION_ID',
  summary: "Check a perk claim's proof against the chain; exit 1 unless the chain shows it",
  description: `Re-reads the chain for the proof of the perk claim REDEMPTION_ID (<collectionId>:<tokenId> or a
confirmation code; GET /loyalty-api/redemptions/:redemptionId): its transaction succeeded in the
stated block, the log at the stated index is the points token's Transfer of exactly the price from
the claimer's wallet (none for a free perk), and the stated PerkClaimed log is that claim by that
wallet.`,
})
