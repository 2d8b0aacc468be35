#!/usr/bin/env node
// Fails when sdk.js is over its budget: 8 KB (8192 bytes) minified and gzipped.
// Usage: node scripts/check-size.mjs [file] (default: dist/sdk.js beside this script's package).
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const BUDGET = 8 * 1024
const file = resolve(process.argv[2] ?? resolve(dirname(fileURLToPath(import.meta.url)), '../dist/sdk.js'))
let code
try {
  code = readFileSync(file)
} catch {
  console.error(`size: ${file} not found; build it first (pnpm --filter @loyaltykit/browser-sdk build)`)
  process.exit(2)
}
const gzipped = gzipSync(code, { level: 9 }).length
const line = `sdk.js: ${code.length} B minified, ${gzipped} B gzipped (budget ${BUDGET} B)`
if (gzipped > BUDGET) {
  console.error(`size: over budget: ${line}`)
  process.exit(1)
}
console.log(`size: ok: ${line}`)
