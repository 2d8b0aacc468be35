import type { WalletEvent } from '../ports/activity-store'

/**
 * Where an event came from (docs/agent-api.md "Platform"): `metadata.platform`, else the
 * `{platform}_{id}@` pattern of bot-made emails (`discord_123@…`), else `web` when the event named a
 * domain, else `api`. Lowercase.
 */
export function eventPlatform(e: Pick<WalletEvent, 'metadata' | 'userEmail' | 'domain'>): string {
  const declared = e.metadata?.platform
  if (typeof declared === 'string' && declared.trim() !== '') return declared.trim().toLowerCase().slice(0, 32)
  const bot = /^([a-z][a-z0-9]*)_[^@]+@/i.exec(e.userEmail)
  if (bot?.[1]) return bot[1].toLowerCase()
  return e.domain ? 'web' : 'api'
}
