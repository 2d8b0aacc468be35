import { verifyProofCommand } from './verify-proof-command'

export const verifyPaymentCommand = verifyProofCommand({
  kind: 'payment',
  idName: 'SESSION_ID',
  summary: "Check a payment's proof of issuance against the chain; exit 1 unless the chain shows it",
  description: `Re-reads the chain for the proof of the paid checkout session SESSION_ID
(GET /loyalty-api/payments/:sessionId): its transaction succeeded in the stated block, and the log
at the stated index is the points token's Transfer minting exactly the tokens bought to the buyer's
wallet, in a transaction whose BatchMinted carries the stated batch id.`,
})
