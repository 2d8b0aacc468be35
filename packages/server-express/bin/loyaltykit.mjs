#!/usr/bin/env node
// The `loyaltykit` CLI. Runs the built CLI (dist/cli.js; `pnpm build` makes it).
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js')
if (!existsSync(dist)) {
  process.stderr.write('loyaltykit: the CLI is not built yet; run `pnpm build` first\n')
  process.exit(1)
}
await import(pathToFileURL(dist).href)
