import { LoyaltyError } from '../errors/loyalty-error'

/** What a proof is of: `GET /loyalty-api/events/:id`, `/payments/:sessionId`, `/redemptions/:id`. */
export type ProofKind = 'event' | 'payment' | 'redemption'

const CODES: Record<ProofKind, string> = {
  event: 'EVENT_NOT_FOUND',
  payment: 'PAYMENT_NOT_FOUND',
  redemption: 'REDEMPTION_NOT_FOUND',
}

const MESSAGES: Record<ProofKind, string> = {
  event: 'Event not found',
  payment: 'No payment was minted for this session',
  redemption: 'Redemption not found',
}

/** The name of the id in each kind's path and answers. */
const ID_FIELDS: Record<ProofKind, string> = { event: 'eventId', payment: 'sessionId', redemption: 'redemptionId' }

/** No such event, minted payment or redemption on this server → 404. */
export class ProofNotFoundError extends LoyaltyError {
  override name = 'ProofNotFoundError'
  constructor(kind: ProofKind, id: string) {
    super(MESSAGES[kind], { code: CODES[kind], category: 'not_found', details: { [ID_FIELDS[kind]]: id } })
  }
}
