import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'loyaltykit.mjs')

function versionOf(node: string): string | null {
  const r = spawnSync(node, ['--version'], { encoding: 'utf8' })
  return r.status === 0 ? r.stdout.trim().replace(/^v/, '') : null
}

/** A Node older than 22.19 on this machine (the system Node 20 here, outside the .tools PATH), if any. */
function findOldNode(): { path: string; version: string } | null {
  const dirs = ['/usr/bin', '/usr/local/bin', '/bin', ...(process.env.PATH ?? '').split(delimiter)]
  for (const dir of dirs) {
    const path = join(dir, 'node')
    if (!existsSync(path)) continue
    const version = versionOf(path)
    const [major = 0, minor = 0] = (version ?? '').split('.').map(Number)
    if (version && (major < 22 || (major === 22 && minor < 19))) return { path, version }
  }
  return null
}

const oldNode = findOldNode()

function runBin(node: string, args: string[]) {
  return spawnSync(node, [bin, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
}

describe.runIf(oldNode)('the loyaltykit bin under a Node older than 22.19', () => {
  it.each([[['--help']], [['start']], [[]]])('says in one line what it needs and exits 1 (%j)', (args) => {
    const { path, version } = oldNode!
    const r = runBin(path, args)
    expect(r.status).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe(
      `loyaltykit needs Node.js >= 22.19.0, found ${version} (${path}): in the loyaltykit repository ` +
        '`npm start` installs Node 24 into ./.tools on Linux and macOS and runs on it; otherwise install Node.js 24 LTS ' +
        '(or any >= 22.19.0) from https://nodejs.org or with a version manager (nvm, fnm, volta).\n',
    )
    expect(r.stderr).not.toMatch(/\n\s+at |Error|undici/)
  })
})

describe('the loyaltykit bin under this Node', () => {
  it(`passes the version check on Node ${process.versions.node}`, () => {
    const r = runBin(process.execPath, ['--help'])
    expect(r.stderr).not.toContain('needs Node.js')
    // Built, it prints the usage; not built, it says so: either way past the version check.
    expect(`${r.stdout}${r.stderr}`).toMatch(/Usage: loyaltykit|the CLI is not built yet/)
  })
})
