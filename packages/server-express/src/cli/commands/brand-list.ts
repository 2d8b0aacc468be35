import type { Command } from '../command'
import { REMOTE_HELP, REMOTE_OPTIONS, remoteAdmin } from '../remote-admin'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['brand', 'list']

/** Every page of the remote list, in order. */
async function listRemote(admin: NonNullable<Awaited<ReturnType<typeof remoteAdmin>>>) {
  const brands = []
  let cursor: string | undefined
  do {
    const page = await admin.brands.list({ limit: 200, ...(cursor ? { cursor } : {}) })
    brands.push(...page.data)
    cursor = page.nextCursor ?? undefined
  } while (cursor !== undefined)
  return brands
}

export const brandListCommand: Command = {
  path,
  summary: 'List brands',
  help: `[--json] [--server URL | --profile NAME]

Options:
  --json       Print the brands as a JSON array
${REMOTE_HELP}
  -h, --help   Show this help`,
  options: { json: { type: 'boolean' }, ...REMOTE_OPTIONS },
  async run({ values, io }) {
    const admin = await remoteAdmin(values, io, path)
    const brands = admin ? await listRemote(admin) : await withDataRuntime(io, (rt) => rt.engine.brands.list())
    if (values.json) {
      writeJson(io.stdout, brands)
      return 0
    }
    if (brands.length === 0) {
      io.stdout.write('No brands yet. Create one with `loyaltykit brand create --name NAME --website URL`.\n')
      return 0
    }
    for (const b of brands) {
      io.stdout.write(
        `${b.id}  ${b.name}  ${b.websites.join(', ')}  (created ${new Date(b.createdAt).toISOString()})\n`,
      )
    }
    return 0
  },
}
