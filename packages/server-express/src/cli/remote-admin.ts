import { readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { AdminResource } from '@loyaltykit/sdk'
import type { CommandIo } from './command'
import { UsageError } from './usage-error'

/** `--server URL` and `--profile NAME`: the options every remote-capable management command takes. */
export const REMOTE_OPTIONS = {
  server: { type: 'string' },
  profile: { type: 'string' },
} as const

/** Their lines of --help. */
export const REMOTE_HELP = `  --server URL               Run against this server's admin API instead of the local database
                             (key: LOYALTYKIT_ADMIN_KEY, else the profile's adminKey)
  --profile NAME             Server and admin key from this profile of the profiles file
                             (default LOYALTYKIT_PROFILE; docs/cli.md#remote-server)`

type Profile = { server?: unknown; adminKey?: unknown }

function readProfile(file: string, name: string, path: string[]): Profile {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw new UsageError(`cannot read the profiles file ${file} (profile "${name}")`, path, 'profile')
  }
  let profiles: unknown
  try {
    profiles = JSON.parse(text)
  } catch {
    throw new UsageError(`the profiles file ${file} is not JSON`, path, 'profile')
  }
  const profile = (profiles as Record<string, unknown> | null)?.[name]
  if (typeof profile !== 'object' || profile === null) {
    throw new UsageError(`no profile "${name}" in ${file}`, path, 'profile')
  }
  return profile as Profile
}

/**
 * The admin API client of a management command run against a remote server (docs/cli.md#remote-server),
 * or undefined when neither `--server`, `--profile` nor LOYALTYKIT_PROFILE is given (the command then
 * opens the local database). The server URL: `--server`, else the profile's `server`; the key:
 * LOYALTYKIT_ADMIN_KEY, else the profile's `adminKey` (never a flag: flags land in shell histories).
 * The SDK is imported only then: local commands do not load it.
 */
export async function remoteAdmin(
  values: Record<string, unknown>,
  io: CommandIo,
  path: string[],
): Promise<AdminResource | undefined> {
  const server = typeof values.server === 'string' ? values.server : undefined
  const profileName = typeof values.profile === 'string' ? values.profile : io.config.adminClient.profile
  if (server === undefined && profileName === undefined) return undefined
  const file = io.config.adminClient.profilesFile ?? join(homedir(), '.config', 'loyaltykit', 'profiles.json')
  const profile = profileName === undefined ? {} : readProfile(file, profileName, path)
  const baseUrl = server ?? (typeof profile.server === 'string' ? profile.server : undefined)
  if (baseUrl === undefined || !/^https?:\/\/[^\s]+$/i.test(baseUrl)) {
    throw new UsageError('--server needs an http(s) URL (or a profile with "server")', path, 'server')
  }
  const adminKey =
    io.config.adminClient.adminKey ?? (typeof profile.adminKey === 'string' ? profile.adminKey : undefined)
  if (adminKey === undefined || adminKey === '') {
    throw new UsageError('--server needs LOYALTYKIT_ADMIN_KEY (or a profile with "adminKey")', path, 'server')
  }
  const { createLoyaltyClient } = await import('@loyaltykit/sdk')
  return createLoyaltyClient({ baseUrl, adminKey }).admin
}
