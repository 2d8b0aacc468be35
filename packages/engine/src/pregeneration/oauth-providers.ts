/** The eight OAuth providers of the pregeneration service, in the spec's order. */
export const OAUTH_PROVIDERS = [
  'discord',
  'twitter',
  'github',
  'google',
  'telegram',
  'spotify',
  'instagram',
  'tiktok',
] as const

export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number]

/** How one platform spells its user ids and usernames. */
export type OAuthProviderRules = {
  label: string
  /** The platform's user id format. */
  id: RegExp
  /** Extra check on a well-formed id; answers why it is not a real id, or undefined. */
  idCheck?: (id: string, nowMs: number) => string | undefined
  /** What a valid id looks like (used in hints). */
  idHint: string
  example: string
  /** Whether a username is valid once a leading `@` is removed. */
  username: (u: string) => boolean
  usernameHint: string
}

/** Discord snowflakes: milliseconds since 2015-01-01 in the high bits. */
const DISCORD_EPOCH_MS = 1_420_070_400_000n
const ONE_DAY_MS = 86_400_000n

const INT64_MAX = 2n ** 63n - 1n
const fitsInt64 = (id: string) => (BigInt(id) > INT64_MAX ? 'is larger than a 64-bit platform id' : undefined)

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * Id and username rules of each provider, from the platforms' public documentation: Discord ids are
 * snowflakes (17–20 digits whose timestamp is not in the future), Twitter/X, GitHub, Telegram and
 * Instagram ids are numeric, Google's `sub` is a long numeric string, Spotify ids and TikTok `open_id`s
 * are opaque alphanumeric strings. Usernames follow each platform's public rules.
 */
export const OAUTH_PROVIDER_RULES: Readonly<Record<OAuthProvider, OAuthProviderRules>> = {
  discord: {
    label: 'Discord',
    id: /^[1-9]\d{16,19}$/,
    idCheck: (id, nowMs) => {
      const createdAt = (BigInt(id) >> 22n) + DISCORD_EPOCH_MS
      return createdAt > BigInt(nowMs) + ONE_DAY_MS ? 'is a snowflake from the future' : undefined
    },
    idHint:
      'Discord user IDs are 17-20 digit numeric snowflakes (Developer Mode → Copy User ID), not usernames or emails',
    example: '80351110224678912',
    // New usernames: 2-32 of a-z 0-9 _ . without "..". Legacy names: 2-32 characters then #0000-#9999.
    username: (u) => (/^[a-z0-9_.]{2,32}$/.test(u) && !u.includes('..')) || /^[^@#:`]{2,32}#\d{4}$/.test(u) || false,
    usernameHint: 'Discord usernames are 2-32 characters of a-z, 0-9, _ and . (no ".."), or a legacy name#1234',
  },
  twitter: {
    label: 'Twitter/X',
    id: /^[1-9]\d{0,19}$/,
    idCheck: fitsInt64,
    idHint: 'Twitter/X user IDs are numeric (the "id" of the user object), not @handles or emails',
    example: '783214',
    username: (u) => /^[A-Za-z0-9_]{1,15}$/.test(u) && !/twitter|admin/i.test(u),
    usernameHint: 'Twitter/X handles are 1-15 letters, digits or underscores and cannot contain "Twitter" or "Admin"',
  },
  github: {
    label: 'GitHub',
    id: /^[1-9]\d{0,10}$/,
    idHint: 'GitHub user IDs are numeric (the "id" of https://api.github.com/users/<login>), not logins or emails',
    example: '583231',
    username: (u) => /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/.test(u),
    usernameHint: 'GitHub logins are 1-39 letters, digits or single hyphens, not starting or ending with a hyphen',
  },
  google: {
    label: 'Google',
    id: /^[1-9]\d{15,29}$/,
    idHint: 'Google user IDs are the long numeric "sub" claim of the ID token (usually 21 digits), not emails',
    example: '110169484474386276334',
    username: (u) => (/^[A-Za-z0-9][A-Za-z0-9.]{4,28}[A-Za-z0-9]$/.test(u) && !u.includes('..')) || EMAIL.test(u),
    usernameHint: 'Google usernames are Gmail names (6-30 letters, digits and single periods) or the account email',
  },
  telegram: {
    label: 'Telegram',
    id: /^[1-9]\d{4,15}$/,
    idHint: 'Telegram user IDs are numeric (the "id" of the User object), not @usernames or phone numbers',
    example: '5372981046',
    username: (u) => /^[A-Za-z][A-Za-z0-9_]{3,30}[A-Za-z0-9]$/.test(u),
    usernameHint:
      'Telegram usernames are 5-32 characters of a-z, 0-9 and _, starting with a letter and not ending with _',
  },
  spotify: {
    label: 'Spotify',
    id: /^[A-Za-z0-9]{20,40}$/,
    idCheck: (id) => (/\d/.test(id) && /[a-z]/i.test(id) ? undefined : 'is not an opaque alphanumeric id'),
    idHint:
      'Spotify user IDs are opaque alphanumeric strings of 20-40 characters (the "id" of /v1/me), not display names',
    example: '31l77fd7ts2ov7aakn2ajyzocjyi',
    username: (u) => /^[A-Za-z0-9._-]{1,30}$/.test(u),
    usernameHint: 'Spotify usernames are 1-30 letters, digits, ".", "_" or "-"',
  },
  instagram: {
    label: 'Instagram',
    id: /^[1-9]\d{0,19}$/,
    idCheck: fitsInt64,
    idHint: 'Instagram user IDs are numeric (the "id" of the Instagram user), not usernames',
    example: '17841405822304914',
    username: (u) => /^[A-Za-z0-9._]{1,30}$/.test(u) && !u.includes('..') && !u.startsWith('.') && !u.endsWith('.'),
    usernameHint:
      'Instagram usernames are 1-30 letters, digits, periods and underscores (no leading, trailing or double period)',
  },
  tiktok: {
    label: 'TikTok',
    id: /^[A-Za-z0-9_.-]{20,128}$/,
    idCheck: (id) => (/\d/.test(id) && /[a-z]/i.test(id) ? undefined : 'is not an opaque open_id'),
    idHint: 'TikTok user IDs are the opaque "open_id" of Login Kit (20+ letters, digits, "-", "_"), not @usernames',
    example: '-000ZJ5ZaWoGrkqGmTKWq1r6TCWQsQy7vGkN',
    username: (u) => /^[A-Za-z0-9_.]{2,24}$/.test(u) && !u.endsWith('.'),
    usernameHint: 'TikTok usernames are 2-24 letters, digits, "_" and "." and cannot end with "."',
  },
}

export function isOAuthProvider(value: string): value is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value)
}
