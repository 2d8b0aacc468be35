import { ConfigError } from '@loyaltykit/engine'
import type { z } from 'zod'

/**
 * Parses a feature's environment variables with `schema`; throws ONE ConfigError naming every invalid
 * variable. Values of `secrets` are never echoed.
 */
export function parseFeatureEnv<S extends z.ZodType>(
  schema: S,
  env: Readonly<Record<string, string | undefined>>,
  secrets: ReadonlySet<string> = new Set(),
): z.output<S> {
  const r = schema.safeParse(env)
  if (r.success) return r.data
  const problems = r.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment')
    const raw = env[name]
    const shown = secrets.has(name) || raw === undefined ? '' : ` (got ${JSON.stringify(raw.slice(0, 60))})`
    return `${name} ${issue.message}${shown}`
  })
  throw new ConfigError(`invalid configuration: ${problems.join('; ')}`, {
    variables: r.error.issues.map((i) => String(i.path[0])),
  })
}
