import type { Command } from '../command'
import { requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['identity', 'link']

export const identityLinkCommand: Command = {
  path,
  summary: 'Link an email and an OAuth identity so that both use one wallet',
  help: `--email EMAIL --provider PROVIDER --user-id ID [--json]

By default the wallet of an email and the wallet of an OAuth identity are distinct (different
providers give different wallets). This links the two: rewards for the email and pregeneration for
the OAuth identity then use ONE custodial wallet and one user id. At most one of the two may already
have a wallet, which is kept; two existing wallets are never merged (the command fails).

Options:
  --email EMAIL         The user's email
  --provider PROVIDER   discord, twitter, github, google, telegram, spotify, instagram or tiktok
  --user-id ID          The platform's user id
  --json                Print {"linked", "userId", "walletAddress"}
  -h, --help            Show this help`,
  options: {
    email: { type: 'string' },
    provider: { type: 'string' },
    'user-id': { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    const email = requireOption(values.email as string | undefined, 'email', path)
    const provider = requireOption(values.provider as string | undefined, 'provider', path)
    const userId = requireOption(values['user-id'] as string | undefined, 'user-id', path)
    const result = await withDataRuntime(io, (rt) => rt.engine.identity.link({ email, provider, userId }))
    if (values.json) {
      writeJson(io.stdout, result)
      return 0
    }
    io.stdout.write(
      `${result.linked ? 'Linked' : 'Already linked'}: ${email} and ${provider} ${userId}\n` +
        `  user id: ${result.userId}\n  wallet:  ${result.walletAddress}\n`,
    )
    return 0
  },
}
