import { readFileSync } from 'node:fs'
import { parseEnv } from 'node:util'
import { ConfigError } from '@loyaltykit/engine'

/**
 * The variables of a `.env` file (Node's own parser: `KEY=value`, quotes, `#` comments, `export`),
 * or undefined when there is no such file. The file is only read: `process.env` is left alone, so
 * the caller decides precedence (loadConfig: the real environment wins).
 */
export function readEnvFile(path: string): Record<string, string> | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return undefined
    throw new ConfigError(`cannot read ${path}: ${code ?? String(e)}`, { file: path })
  }
  return parseEnv(text) as Record<string, string>
}
