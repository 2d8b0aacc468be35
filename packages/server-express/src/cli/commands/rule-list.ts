import { toEventRuleWire } from '@loyaltykit/engine'
import type { Command } from '../command'
import { formatRule } from '../format-rule'
import { requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['rule', 'list']

export const ruleListCommand: Command = {
  path,
  summary: "List a brand's event rules (disabled ones included)",
  help: `--brand ID [--json]

Options:
  --brand ID   brandId (required)
  --json       Print the rules as a JSON array (event-config field names plus "enabled")
  -h, --help   Show this help`,
  options: { brand: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, io }) {
    const brandId = requireOption(values.brand as string | undefined, 'brand', path)
    const rules = await withDataRuntime(io, (rt) => rt.engine.rules.list({ brandId, includeDisabled: true }))
    if (values.json) {
      writeJson(
        io.stdout,
        rules.map((r) => ({ ...toEventRuleWire(r), enabled: r.enabled })),
      )
      return 0
    }
    if (rules.length === 0) io.stdout.write(`No rules for ${brandId}.\n`)
    for (const r of rules) io.stdout.write(`${formatRule(r)}\n`)
    return 0
  },
}
