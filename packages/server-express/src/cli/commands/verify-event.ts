import { verifyProofCommand } from './verify-proof-command'

export const verifyEventCommand = verifyProofCommand({
  kind: 'event',
  idName: 'EVENT_ID',
  summary: "Check an event's proof of issuance against the chain; exit 1 unless the chain shows it",
  description: `Re-reads the chain for the proof of the event EVENT_ID (GET /loyalty-api/events/:eventId): its
transaction succeeded in the stated block, and the log at the stated index is the points token's
Transfer minting exactly the event's reward to its wallet, in a transaction whose BatchMinted
carries the stated batch id; the ledger entry repeats the event's amount and wallet.`,
})
