import { createHash } from 'node:crypto'

/**
 * The event id an event with a caller-chosen key gets (`AcceptEventOptions.eventKey`): a UUID
 * (version 8, RFC 9562's name-based SHA-256 layout) made from SHA-256 of the brand and the key. The
 * same brand and key always give the same id, so the event row's primary key records such an event
 * at most once; another brand's same key is another id.
 */
export function eventIdForKey(brandId: string, eventKey: string): string {
  const bytes = createHash('sha256').update(`loyaltykit-event-key\0${brandId.toLowerCase()}\0${eventKey}`).digest()
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x80
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80
  const hex = bytes.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
