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
