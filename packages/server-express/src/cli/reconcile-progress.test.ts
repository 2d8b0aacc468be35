import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { reconcileProgress } from './reconcile-progress'

function stream(tty: boolean) {
  const s = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number }
  if (tty) {
    s.isTTY = true
    s.columns = 120
  }
  let text = ''
  s.on('data', (d) => {
    text += d
  })
  return { s, text: () => text }
}

describe('reconcile progress', () => {
  it('draws a bar on a terminal', () => {
    const out = stream(true)
    const p = reconcileProgress(out.s)
    p.update({ walletsDone: 200, walletsTotal: 1000, entriesChecked: 812 })
    p.update({ walletsDone: 1000, walletsTotal: 1000, entriesChecked: 4000 })
    p.stop()
    expect(out.text()).toContain('reconcile |')
    expect(out.text()).toMatch(/\d+\/1000 wallets · \d+ entries/)
    expect(out.text()).toContain('\u001b[') // escape sequences: it redraws in place
  })

  it('writes plain lines, not too often, and the last one at the end, off a terminal', () => {
    const out = stream(false)
    const p = reconcileProgress(out.s)
    p.update({ walletsDone: 200, walletsTotal: 1000, entriesChecked: 812 })
    p.update({ walletsDone: 400, walletsTotal: 1000, entriesChecked: 1600 })
    p.stop()
    expect(out.text()).toBe(
      'reconcile: 200/1000 wallets, 812 entries checked\nreconcile: 400/1000 wallets, 1600 entries checked\n',
    )
    expect(out.text()).not.toContain('\u001b[')
  })
})
