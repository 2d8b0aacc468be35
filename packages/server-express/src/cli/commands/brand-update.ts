import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['brand', 'update']

/** `""` clears a field (null); absent keeps it. */
const orNull = (v: unknown) => (v === undefined ? undefined : (v as string).trim() === '' ? null : (v as string))

export const brandUpdateCommand: Command = {
  path,
  summary: "Change a brand's name, category, description or contact email",
  help: `--brand ID [--name NAME] [--category C] [--description TEXT] [--contact-email EMAIL] [--json]

Changes only the fields given (at least one). An empty value ("") clears the category, description or
contact email. Websites are not changed here.

Options:
  --brand ID               brandId (required)
  --name NAME              New display name
  --category C             retail, dining, travel, gaming or other; "" clears it
  --description TEXT       At most 500 characters; "" clears it
  --contact-email EMAIL    "" clears it
  --json                   Print the brand as JSON
  -h, --help               Show this help`,
  options: {
    brand: { type: 'string' },
    name: { type: 'string' },
    category: { type: 'string' },
    description: { type: 'string' },
    'contact-email': { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    const brandId = requireOption(values.brand as string | undefined, 'brand', path)
    const brand = await withDataRuntime(io, (rt) =>
      rt.engine.brands.update({
        brandId,
        name: values.name as string | undefined,
        category: orNull(values.category) as 'retail' | null | undefined,
        description: orNull(values.description),
        contactEmail: orNull(values['contact-email']),
      }),
    )
    if (values.json) {
      writeJson(io.stdout, brand)
      return 0
    }
    io.stdout.write(
      [
        `Brand updated: ${brand.id}`,
        `  name:         ${brand.name}`,
        `  category:     ${brand.category ?? '-'}`,
        `  description:  ${brand.description ?? '-'}`,
        `  contact:      ${brand.contactEmail ?? '-'}`,
        '',
      ].join('\n'),
    )
    return 0
  },
}
