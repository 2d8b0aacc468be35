import { ConfigError } from '@loyaltykit/engine'
import { z } from 'zod'
import { closestVariable } from './closest-variable'
import { CONFIG_SECTIONS } from './config-sections'
import type { ConfigSection } from './define-section'
import type { EnvValueMeta } from './env-value'
import type { LoyaltykitConfig } from './loyaltykit-config'
import { readEnvFile } from './read-env-file'

type Env = Readonly<Record<string, string | undefined>>

export type LoadConfigOptions = {
  /** Base for relative paths (LOYALTYKIT_DATA_DIR); defaults to process.cwd(). */
  cwd?: string
  /**
   * A `.env` file read under `env`: its variables apply only where `env` has none (the real
   * environment always wins). A missing file is fine. Default: none.
   */
  envFile?: string
  /** Receives warnings (unknown `LOYALTYKIT_*` variables); default `process.emitWarning`. */
  onWarning?: (message: string) => void
}

/** `LOYALTYKIT_*` names read by other tools of this repository (examples, test and CI scripts). */
const OTHER_TOOLS = new Set([
  'LOYALTYKIT_URL',
  'LOYALTYKIT_WEBHOOK_SECRET',
  'LOYALTYKIT_CHROMIUM',
  'LOYALTYKIT_PG_DIR',
  'LOYALTYKIT_SKIP_INSTALL',
])

type AnySection = ConfigSection<z.ZodRawShape, never, unknown>
const SECTIONS = Object.values(CONFIG_SECTIONS) as unknown as AnySection[]
const META = new Map<string, EnvValueMeta>(
  SECTIONS.flatMap((s) =>
    Object.entries(s.variables).map(([name, schema]) => [name, z.globalRegistry.get(schema) as EnvValueMeta]),
  ),
)

const KNOWN = [...META.keys()]

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

/**
 * The configuration of a loyaltykit process, from `env` (default `process.env`, plus `envFile`):
 * every section of config/config-sections.ts parsed with its zod schema, then read into one typed,
 * deeply frozen object. Throws ONE ConfigError whose one-line message names every invalid variable
 * with its reason (values of secret variables are never echoed; a value from the `.env` file says
 * so); contradictions between variables are reported once every value is well-formed. Unknown
 * `LOYALTYKIT_*` variables are warned about with the closest known name.
 */
export function loadConfig(env: Env = process.env, options: LoadConfigOptions = {}): LoyaltykitConfig {
  const file = options.envFile === undefined ? undefined : readEnvFile(options.envFile)
  const fromFile = new Set(Object.keys(file ?? {}).filter((name) => env[name] === undefined))
  const merged: Env = { ...file, ...Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) }
  const where = (name: string) => (fromFile.has(name) ? ` (in ${options.envFile})` : '')

  const warn = options.onWarning ?? ((m: string) => process.emitWarning(m, 'LoyaltykitConfigWarning'))
  for (const name of Object.keys(merged)) {
    if (name.startsWith('LOYALTYKIT_') && !META.has(name) && !OTHER_TOOLS.has(name)) {
      warn(`unknown variable ${name}${where(name)}: did you mean ${closestVariable(name, KNOWN)}?`)
    }
  }

  const problems: string[] = []
  const variables: string[] = []
  const fail = () =>
    new ConfigError(`invalid configuration: ${problems.join('; ')}`, { variables: [...new Set(variables)] })

  const parsed = new Map<AnySection, unknown>()
  for (const section of SECTIONS) {
    const result = z.object(section.variables).safeParse(merged)
    if (result.success) {
      parsed.set(section, result.data)
      continue
    }
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? 'environment')
      const raw = merged[name]
      const shown = META.get(name)?.secret || raw === undefined ? '' : ` (got ${JSON.stringify(raw.slice(0, 60))})`
      problems.push(`${name} ${issue.message}${shown}${where(name)}`)
      variables.push(name)
    }
  }
  if (problems.length > 0) throw fail()

  const report = (name: string, reason: string) => {
    problems.push(`${name} ${reason}${where(name)}`)
    variables.push(name)
  }
  const read = <D, T>(section: ConfigSection<z.ZodRawShape, D, T>, deps: D): T =>
    section.read(parsed.get(section as AnySection) as never, deps, report)

  const s = CONFIG_SECTIONS
  const server = read(s.server, undefined)
  const chain = read(s.chain, undefined)
  const { production, publicUrl } = server
  const config: LoyaltykitConfig = {
    server,
    storage: read(s.storage, { cwd: options.cwd ?? process.cwd(), production }),
    chain,
    minter: read(s.minter, undefined),
    relayer: read(s.relayer, { publicUrl, maxGas: chain.gasCaps.maxGas }),
    payments: read(s.payments, { production }),
    identity: read(s.identity, { production }),
    webhooks: read(s.webhooks, undefined),
    constraints: read(s.constraints, undefined),
    pregeneration: read(s.pregeneration, undefined),
    eventHandler: read(s.eventHandler, { publicUrl }),
    idempotency: read(s.idempotency, undefined),
    observability: read(s.observability, { port: server.port, production }),
    rateLimits: read(s.rateLimits, undefined),
    agent: read(s.agent, undefined),
    adminClient: read(s.adminClient, undefined),
  }
  if (problems.length > 0) throw fail()
  return deepFreeze(config)
}
