import type { AgentKeyView } from '@loyaltykit/engine'

/** The human output of `agent-key create` and `agent-key rotate`: the key, then its secret, shown once. */
export function formatAgentKeySecret(title: string, key: AgentKeyView, secret: string): string {
  const permissions = [key.canOnboard && 'canOnboard', key.canManageProgram && 'canManageProgram'].filter(Boolean)
  return [
    `${title}: ${key.name}`,
    `  id:           ${key.id}`,
    `  tier:         ${key.tier}`,
    `  permissions:  ${permissions.length > 0 ? permissions.join(', ') : '-'}`,
    `  brands:       ${key.brandScope === null ? 'every brand' : key.brandScope.join(', ')}`,
    `  rate:         ${key.rateLimitPerMinute === null ? 'server default' : `${key.rateLimitPerMinute}`} per minute`,
    '',
    'Secret (shown once; store it now, it cannot be shown again):',
    `  ${secret}`,
    '',
  ].join('\n')
}
