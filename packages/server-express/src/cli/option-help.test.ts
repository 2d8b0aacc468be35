import { describe, expect, it } from 'vitest'
import { COMMANDS } from './command-table'
import { describeOption, optionHelp } from './option-help'

describe('optionHelp', () => {
  it('reads the value and the description of each option, without the "required" markers', () => {
    const help = optionHelp({
      help: `--brand ID [--json]

Options:
  --brand ID       brandId (lowercase 0x address; required)
  --event TYPE     Event type (required)
  --channels a,b   Chat channels; "" removes the restriction
  --json           Print as JSON
  -h, --help       Show this help`,
    })
    expect(Object.fromEntries(help)).toEqual({
      brand: { usage: '--brand ID', description: 'brandId (lowercase 0x address)' },
      event: { usage: '--event TYPE', description: 'Event type' },
      channels: { usage: '--channels a,b', description: 'Chat channels; "" removes the restriction' },
      json: { usage: '--json', description: 'Print as JSON' },
      help: { usage: '--help', description: 'Show this help' },
    })
  })

  it.each(COMMANDS.map((c) => [c.path.join(' '), c] as const))(
    '`%s` documents every option it accepts (usage errors quote it)',
    (_name, command) => {
      const documented = optionHelp(command)
      for (const [name, option] of Object.entries(command.options)) {
        const help = documented.get(name)
        expect(help, `--${name} in the Options of \`${command.path.join(' ')}\``).toBeDefined()
        expect(help?.description).not.toBe('')
        // A string option shows what it takes (`--brand ID`); a switch shows nothing.
        expect(help?.usage === `--${name}`, `--${name} value`).toBe(option.type === 'boolean')
      }
      expect(describeOption(command, 'help')).toBe('--help: Show this help')
    },
  )
})
