import { z } from 'zod'
import { CONFIG_SECTIONS } from '../../src/config/config-sections'
import type { EnvValueMeta } from '../../src/config/env-value'

/**
 * Secrets known by their form, wherever they appear: API and DNS keys, security keys, webhook
 * signing secrets (ours and Stripe's), Stripe secret keys, JWTs (access and dev-login tokens, Privy
 * tokens). Written here independently of the server's redaction, which they check.
 */
const SECRET_FORMS: Array<{ kind: string; form: RegExp }> = [
  { kind: 'security key', form: /lksk_[A-Za-z0-9_-]{43}/ },
  { kind: 'API or DNS key', form: /(?<![A-Za-z0-9])lk_[A-Za-z0-9_-]{43}/ },
  { kind: 'operator key', form: /lko_[A-Za-z0-9_-]{43}/ },
  { kind: 'webhook secret', form: /whsec_[A-Za-z0-9+/]{20,}/ },
  { kind: 'Stripe secret key', form: /[sr]k_(?:test|live)_[A-Za-z0-9]{20,}/ },
  { kind: 'access token (JWT)', form: /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/ },
]

/** Variables docs/configuration.md marks secret (master key, private keys, Stripe, Privy, …). */
const SECRET_VARIABLES = new Set(
  Object.values(CONFIG_SECTIONS).flatMap((section) =>
    Object.entries(section.variables as Record<string, z.ZodType>)
      .filter(([, schema]) => (z.globalRegistry.get(schema) as EnvValueMeta | undefined)?.secret)
      .map(([name]) => name),
  ),
)

export type SecretLeak = { kind: string; line: string }

/**
 * The secrets of one test server: those registered (from configuration, the database, requests) and
 * those known by their form. `leaksIn(lines)` answers every line holding one, with the secret itself
 * masked in the report.
 */
export function createSecretScan() {
  const exact = new Map<string, string>()
  const hex = new Map<string, string>()

  function register(value: unknown, kind: string): void {
    if (typeof value !== 'string') return
    const v = value.trim()
    const bareHex = /^(0x)?([0-9a-fA-F]{32,})$/.exec(v)?.[2]
    if (bareHex) hex.set(bareHex.toLowerCase(), kind)
    else if (v.length >= 16) exact.set(v, kind)
  }

  /** Every secret variable of `env`; a private JWK (the identity signing key) by its `d` too. */
  function registerConfig(env: Record<string, string | undefined>): void {
    for (const [name, value] of Object.entries(env)) {
      if (!SECRET_VARIABLES.has(name) || value === undefined) continue
      register(value, name)
      try {
        register((JSON.parse(value) as { d?: unknown }).d, `${name} (d)`)
      } catch {}
    }
  }

  function leaksIn(lines: readonly string[]): SecretLeak[] {
    const leaks: SecretLeak[] = []
    const report = (line: string, kind: string, secret: string) =>
      leaks.push({ kind, line: line.split(secret).join(`<${kind}>`).slice(0, 600) })
    const text = lines.join('\n')
    const lower = text.toLowerCase()
    const found = (secret: string, kind: string, haystack: string, folded: boolean) => {
      if (!haystack.includes(secret)) return
      for (const line of lines) {
        const l = folded ? line.toLowerCase() : line
        if (l.includes(secret)) report(l, kind, secret)
      }
    }
    for (const [secret, kind] of exact) found(secret, kind, text, false)
    for (const [secret, kind] of hex) found(secret, kind, lower, true)
    for (const { kind, form } of SECRET_FORMS) {
      if (!form.test(text)) continue
      for (const line of lines) {
        const m = form.exec(line)
        if (m) report(line, kind, m[0])
      }
    }
    return leaks
  }

  return { register, registerConfig, leaksIn }
}

export type SecretScan = ReturnType<typeof createSecretScan>
