import { toEventRuleWire } from '@loyaltykit/engine'
import type { Command } from '../command'
import { formatRule } from '../format-rule'
import { parseNumberOption, requireOption, splitList } from '../parse-options'
import { UsageError } from '../usage-error'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['rule', 'set']

export const ruleSetCommand: Command = {
  path,
  summary: 'Create or change an event rule of a brand',
  help: `--brand ID --event TYPE [options]

Creates the rule when it does not exist (a new non-default event type needs --reward), else changes
only the fields given.

Options:
  --brand ID                 brandId (lowercase 0x address; required)
  --event TYPE               Event type, letters/digits/underscore, max 50 (required)
  --reward N                 Tokens minted per accepted event
  --max-claims N             Max claims per user; -1 or "unlimited" = unlimited
  --cooldown-hours N         Hours between rewards for one user; 0 = none
  --max-total-claims N       Global limit across users; "none" removes it
  --channels a,b             Chat channels where the event is allowed; "" removes the restriction
  --url-pattern P            URL that triggers the event (repeatable; replaces the list)
  --success-selector S       CSS selector indicating success (repeatable; replaces the list)
  --detection-method M       Detection method (default url_pattern)
  --custom                   A brand-defined event (the type gets the custom_ prefix)
  --disable                  Disable the rule (events of this type are refused)
  --enable                   Enable a disabled rule
  --json                     Print the stored rule as JSON
  -h, --help                 Show this help`,
  options: {
    brand: { type: 'string' },
    event: { type: 'string' },
    reward: { type: 'string' },
    'max-claims': { type: 'string' },
    'cooldown-hours': { type: 'string' },
    'max-total-claims': { type: 'string' },
    channels: { type: 'string' },
    'url-pattern': { type: 'string', multiple: true },
    'success-selector': { type: 'string', multiple: true },
    'detection-method': { type: 'string' },
    custom: { type: 'boolean' },
    disable: { type: 'boolean' },
    enable: { type: 'boolean' },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    const v = values as Record<string, string | boolean | string[] | undefined>
    const brandId = requireOption(v.brand as string | undefined, 'brand', path)
    const eventType = requireOption(v.event as string | undefined, 'event', path)
    if (v.disable && v.enable) throw new UsageError('--disable and --enable exclude each other', path)
    const num = (flag: string, integer = true) =>
      parseNumberOption(v[flag] as string | undefined, flag, path, { integer })
    const maxTotal = v['max-total-claims'] as string | undefined
    const maxClaims = v['max-claims'] === 'unlimited' ? '-1' : (v['max-claims'] as string | undefined)
    const channels = v.channels as string | undefined
    const params = {
      brandId,
      eventType,
      ...(v.reward !== undefined ? { rewardAmount: num('reward') as number } : {}),
      ...(maxClaims !== undefined
        ? { maxClaims: parseNumberOption(maxClaims, 'max-claims', path, { integer: true }) as number }
        : {}),
      ...(v['cooldown-hours'] !== undefined ? { cooldownHours: num('cooldown-hours', false) as number } : {}),
      ...(maxTotal !== undefined
        ? { maxTotalClaims: maxTotal === 'none' ? null : (num('max-total-claims') as number) }
        : {}),
      ...(channels !== undefined ? { channels: splitList(channels) } : {}),
      ...(v['url-pattern'] !== undefined ? { urlPatterns: v['url-pattern'] as string[] } : {}),
      ...(v['success-selector'] !== undefined ? { successSelectors: v['success-selector'] as string[] } : {}),
      ...(v['detection-method'] !== undefined ? { detectionMethod: v['detection-method'] as string } : {}),
      ...(v.custom ? { custom: true } : {}),
      ...(v.disable ? { enabled: false } : v.enable ? { enabled: true } : {}),
    }
    const rule = await withDataRuntime(io, (rt) => rt.engine.rules.set(params))
    if (v.json) writeJson(io.stdout, { ...toEventRuleWire(rule), enabled: rule.enabled })
    else io.stdout.write(`Rule saved for ${rule.brandId}:\n  ${formatRule(rule)}\n`)
    return 0
  },
}
