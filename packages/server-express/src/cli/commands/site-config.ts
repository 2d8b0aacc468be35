import type { EngineReturnType } from '@loyaltykit/engine'
import type { Command } from '../command'
import { parseNumberOption, requireOption, splitList } from '../parse-options'
import { UsageError } from '../usage-error'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['site', 'config']

/** `1:1,7:1.5` → pairs of numbers, or a UsageError naming the flag. */
function pairs(value: string, flag: string): [number, number][] {
  return splitList(value).map((item) => {
    const [a, b, ...rest] = item.split(':')
    const x = Number(a)
    const y = Number(b)
    if (rest.length > 0 || a === undefined || b === undefined || !Number.isFinite(x) || !Number.isFinite(y)) {
      throw new UsageError(`--${flag} takes DAYS:VALUE pairs separated by commas, got "${item}"`, path, flag)
    }
    return [x, y]
  })
}

function formatConfig(c: EngineReturnType<'site', 'getConfig'>): string {
  return [
    `  timezone               ${c.timezone}`,
    `  grace hours            ${c.graceHours}`,
    `  base reward            ${c.baseReward}`,
    `  multipliers            ${c.multipliers.map((m) => `${m.fromDay}:${m.multiplier}`).join(',')}`,
    `  milestones             ${c.milestones.map((m) => `${m.days}:${m.bonus}`).join(',')}`,
    `  freezes per milestone  ${c.freezesPerMilestone}`,
    `  max freezes            ${c.maxFreezes}`,
  ].join('\n')
}

export const siteConfigCommand: Command = {
  path,
  summary: "Show or change a brand's check-in streak rules (site plugin)",
  help: `--brand ID [options]

Without options, prints the brand's streak rules (docs/site-plugin.md#streak-rules). With options,
changes those given and prints the result; the others keep their value.

Options:
  --brand ID                   brandId (required)
  --timezone NAME              IANA time zone of the brand's calendar days (default UTC)
  --grace-hours N              A check-in this long after the previous one continues the streak (36)
  --base N                     Check-in reward before the multiplier, tokens (10)
  --multipliers LIST           FROM_DAY:MULTIPLIER pairs (1:1,7:1.5,30:2,100:3)
  --milestones LIST            DAYS:BONUS pairs (7:100,30:500,100:2000,365:10000)
  --freezes-per-milestone N    Streak freezes earned at each milestone (1)
  --max-freezes N              Most freezes a member holds (3)
  --json                       Print the rules as JSON
  -h, --help                   Show this help`,
  options: {
    brand: { type: 'string' },
    timezone: { type: 'string' },
    'grace-hours': { type: 'string' },
    base: { type: 'string' },
    multipliers: { type: 'string' },
    milestones: { type: 'string' },
    'freezes-per-milestone': { type: 'string' },
    'max-freezes': { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    const v = values as Record<string, string | boolean | undefined>
    const brandId = requireOption(v.brand as string | undefined, 'brand', path)
    const str = (flag: string) => v[flag] as string | undefined
    const num = (flag: string, integer: boolean) => parseNumberOption(str(flag), flag, path, { integer })
    const multipliers = str('multipliers')
    const milestones = str('milestones')
    const changes = {
      ...(str('timezone') !== undefined ? { timezone: str('timezone') } : {}),
      ...(str('grace-hours') !== undefined ? { graceHours: num('grace-hours', false) } : {}),
      ...(str('base') !== undefined ? { baseReward: num('base', true) } : {}),
      ...(multipliers !== undefined
        ? { multipliers: pairs(multipliers, 'multipliers').map(([fromDay, multiplier]) => ({ fromDay, multiplier })) }
        : {}),
      ...(milestones !== undefined
        ? { milestones: pairs(milestones, 'milestones').map(([days, bonus]) => ({ days, bonus })) }
        : {}),
      ...(str('freezes-per-milestone') !== undefined
        ? { freezesPerMilestone: num('freezes-per-milestone', true) }
        : {}),
      ...(str('max-freezes') !== undefined ? { maxFreezes: num('max-freezes', true) } : {}),
    }
    const changing = Object.keys(changes).length > 0
    const config = await withDataRuntime(io, (rt) =>
      changing ? rt.engine.site.setConfig({ brandId, ...changes }) : rt.engine.site.getConfig({ brandId }),
    )
    if (v.json) writeJson(io.stdout, config)
    else
      io.stdout.write(`${changing ? 'Streak rules saved' : 'Streak rules'} of ${brandId}:\n${formatConfig(config)}\n`)
    return 0
  },
}
