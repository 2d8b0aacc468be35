#!/usr/bin/env node
// The `loyaltykit` CLI. Runs the built CLI (dist/cli.js; `pnpm build` makes it), after checking that
// this Node can run it: the check comes first, before anything that would crash on an old Node.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { nodeVersionProblem } from './node-version-requirement.mjs'

const problem = nodeVersionProblem(process.versions.node, process.execPath)
if (problem) {
  process.stderr.write(`${problem}\n`)
  process.exit(1)
}
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js')
if (!existsSync(dist)) {
  process.stderr.write('loyaltykit: the CLI is not built yet; run `pnpm build` first\n')
  process.exit(1)
}
await import(pathToFileURL(dist).href)
