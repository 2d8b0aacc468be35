import { defineSection } from './define-section'
import { envValue } from './env-value'

/** How the CLI's management commands reach a remote server's admin API (docs/cli.md#remote-server). */
export type AdminClientConfig = {
  /** The admin key `--server` sends (an operator key, or a brand key with admin scopes); client side. */
  adminKey: string | undefined
  /** The profile used without `--profile`, and the profiles file. */
  profile: string | undefined
  profilesFile: string | undefined
}

export const adminClientSection = defineSection({
  title: 'CLI against a remote server',
  summary:
    'Client side: the key and profile the management commands use with `--server` or `--profile` ([cli.md](cli.md#remote-server)).',
  variables: {
    LOYALTYKIT_ADMIN_KEY: envValue
      .secret(envValue.string({ type: 'lko_… or brand key', unset: 'the profile’s `adminKey`' }))
      .describe(
        'Client side: the admin key (`Authorization: Bearer`) of `--server`: an operator key, or a brand API key with `admin:read`/`admin:write` (never a flag).',
      ),
    LOYALTYKIT_PROFILE: envValue
      .string({ type: 'name', unset: '`--profile`, else the local database' })
      .describe(
        'Client side: the profile of the profiles file the management commands use (server URL and admin key).',
      ),
    LOYALTYKIT_PROFILES_FILE: envValue
      .string({ type: 'path', unset: '`~/.config/loyaltykit/profiles.json`' })
      .describe('Client side: the profiles file, `{ "NAME": { "server": URL, "adminKey": KEY } }` (keep it mode 600).'),
  },
  read(v): AdminClientConfig {
    return { adminKey: v.LOYALTYKIT_ADMIN_KEY, profile: v.LOYALTYKIT_PROFILE, profilesFile: v.LOYALTYKIT_PROFILES_FILE }
  },
})
