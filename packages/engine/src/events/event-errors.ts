import { LoyaltyError } from '../errors/loyalty-error'

export class DomainNotAuthorizedError extends LoyaltyError {
  override name = 'DomainNotAuthorizedError'
  constructor(message: string, details: { domain: string | null; configuredDomains: string[] }) {
    super(message, { code: 'DOMAIN_NOT_AUTHORIZED', category: 'permission', details })
  }
}

export class EventTypeNotConfiguredError extends LoyaltyError {
  override name = 'EventTypeNotConfiguredError'
  constructor(eventType: string) {
    super('Event type not configured', {
      code: 'EVENT_TYPE_NOT_CONFIGURED',
      category: 'invalid_request',
      details: { message: `Event type ${eventType} is not configured or is disabled for this brand`, eventType },
    })
  }
}

export class ChannelNotAllowedError extends LoyaltyError {
  override name = 'ChannelNotAllowedError'
  constructor(channel: string, allowedChannels: string[]) {
    super('Channel not allowed', {
      code: 'CHANNEL_NOT_ALLOWED',
      category: 'permission',
      details: { message: `This event is not allowed in channel ${channel}`, channel, allowedChannels },
    })
  }
}

export class DuplicateEventError extends LoyaltyError {
  override name = 'DuplicateEventError'
  constructor(existingEventId: string, windowSeconds: number) {
    super('Duplicate event', {
      code: 'DUPLICATE_EVENT',
      category: 'conflict',
      details: {
        message: `The same event for this user was accepted less than ${windowSeconds} seconds ago`,
        existingEventId,
      },
    })
  }
}

/**
 * An event with this caller-chosen key (`eventKey`: a bulk import's row) was recorded before: it is
 * never recorded (nor rewarded) twice. `details.eventId` is the recorded event.
 */
export class EventAlreadyRecordedError extends LoyaltyError {
  override name = 'EventAlreadyRecordedError'
  constructor(eventId: string) {
    super('Event already recorded', {
      code: 'EVENT_ALREADY_RECORDED',
      category: 'conflict',
      details: { message: 'An event with this key was recorded before; it is not rewarded again', eventId },
    })
  }
}
