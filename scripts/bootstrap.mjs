#!/usr/bin/env node
// Bootstrap: runs on any Node >= 18 with npm. Installs Node 24 and pnpm 12 into ./.tools from the npm
// registry (Node only where the registry has a Node package that runs here: see toolchain-plan.mjs;
// elsewhere this machine's Node if it is recent enough, or a clear message saying what to install),
// then `pnpm install`, then runs the requested root script with the local toolchain first on PATH.
// Usage: node scripts/bootstrap.mjs <pnpm args...>
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { delimiter, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MIN_NODE_VERSION } from '../packages/server-express/bin/node-version-requirement.mjs'
import { planToolchain } from './toolchain-plan.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const tools = join(root, '.tools')
const pnpmBin = join(tools, 'node_modules', '.bin')
const windows = process.platform === 'win32'

function log(msg) {
  process.stderr.write(`[bootstrap] ${msg}\n`)
}

function fail(msg) {
  log(msg)
  process.exit(1)
}

/** npm and pnpm are .cmd shims on Windows, which only a shell starts; elsewhere no shell is involved. */
function run(cmd, args, options) {
  const quoted = windows ? args.map((a) => (/[\s"]/.test(a) ? `"${a}"` : a)) : args
  return spawnSync(cmd, quoted, { ...options, shell: windows })
}

/** The C library on Linux (the registry's Node binaries need glibc); null elsewhere. */
function detectLibc() {
  if (process.platform !== 'linux') return null
  try {
    process.report.excludeNetwork = true
  } catch {}
  const glibc = process.report?.getReport?.()?.header?.glibcVersionRuntime
  if (glibc) return { family: 'glibc', version: glibc }
  const musl = ['/lib', '/usr/lib'].some((d) => existsSync(d) && readdirSync(d).some((f) => f.startsWith('ld-musl-')))
  return { family: musl ? 'musl' : 'unknown' }
}

/** Installs `plan.install` into .tools unless the stamp says this platform already has exactly that. */
function ensureTools(plan, nodeBin) {
  mkdirSync(tools, { recursive: true })
  const stamp = join(tools, '.stamp')
  const ready = existsSync(nodeBin ? join(nodeBin, 'node') : pnpmBin)
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === plan.stamp && ready) return
  // A fresh manifest: a Node package kept from another platform (its os/cpu fields) makes npm refuse.
  writeFileSync(join(tools, 'package.json'), '{"private":true}\n')
  rmSync(join(tools, 'package-lock.json'), { force: true })
  log(`installing ${plan.install.join(' and ')} into .tools (npm registry)`)
  const env = { ...process.env }
  delete env.npm_config_nodedir
  const args = ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', tools, ...plan.install]
  const r = run('npm', args, { stdio: ['ignore', 'inherit', 'inherit'], env })
  if (r.status !== 0) {
    fail(
      `could not install ${plan.install.join(' and ')} with npm (${r.error ? r.error.message : `npm exited with ${r.status}`}). ` +
        'The first run needs npm and the npm registry (or the registry npm is configured for); later runs work offline.',
    )
  }
  if (nodeBin) {
    const v = spawnSync(join(nodeBin, 'node'), ['--version'], { encoding: 'utf8' })
    if (v.status !== 0) {
      fail(
        `the Node from ${plan.nodePackage} does not run on this machine (${v.error ? v.error.message : (v.stderr || '').trim()}). ` +
          `Install Node 24 LTS (or any Node >= ${MIN_NODE_VERSION}) from https://nodejs.org or with a version manager, and run again.`,
      )
    }
    log(`Node ${v.stdout.trim()} is in .tools`)
  }
  writeFileSync(stamp, plan.stamp)
}

const plan = planToolchain({
  platform: process.platform,
  arch: process.arch,
  nodeVersion: process.versions.node,
  libc: detectLibc(),
})
if (plan.kind === 'unsupported') fail(plan.message)
if (plan.kind === 'system') log(plan.message)
const nodeHome = plan.nodePackage && join(tools, 'node_modules', plan.nodePackage)
const nodeBin = nodeHome && join(nodeHome, 'bin')
ensureTools(plan, nodeBin)

const env = { ...process.env }
const pathKey = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH'
// Without a Node in .tools, the Node checked above (the one running this script) comes first on PATH.
env[pathKey] = [nodeBin ?? dirname(process.execPath), pnpmBin, env[pathKey]].join(delimiter)
if (nodeHome) env.npm_config_nodedir = nodeHome
env.COREPACK_INTEGRITY_KEYS = '0'
const pnpm = (a) => {
  const r = run('pnpm', a, { cwd: root, stdio: 'inherit', env })
  if (r.error) fail(`could not start pnpm from .tools (${r.error.message}); delete .tools and run again`)
  return r
}
const args = process.argv.slice(2)
if (!process.env.LOYALTYKIT_SKIP_INSTALL) {
  const inst = pnpm(['install', ...(process.env.CI ? ['--frozen-lockfile'] : [])])
  if (inst.status !== 0) process.exit(inst.status ?? 1)
}
if (args.length === 0) process.exit(0)
const r = pnpm(args)
process.exit(r.status ?? 1)
