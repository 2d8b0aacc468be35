import { LeaseLostError, type Logger, systemClock } from '@loyaltykit/engine'
import { describe, expect, it } from 'vitest'
import { leaseHolderId } from '../src/signers/lease-holder'
import { createSignerLease } from '../src/signers/signer-lease'
import { testDatabases, useTestStorage } from './support/test-databases'

/** A logger that keeps its lines. */
function recordingLogger() {
  const lines: Array<{ level: string; msg: string; fields: Record<string, unknown> }> = []
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, msg = ''): void => {
      lines.push({ level, msg, fields })
    }
  const logger: Logger = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: () => logger,
  }
  return { logger, lines }
}

describe.each(testDatabases())('signer lease on $dialect', (db) => {
  const t = useTestStorage(db)
  let n = 0
  const lease = (p: { hold?: string; exclusive?: boolean; name?: string; logger?: Logger }) =>
    createSignerLease({
      storage: t.storage,
      clock: systemClock,
      logger: p.logger ?? recordingLogger().logger,
      name: p.name ?? 'minter:1:0xabc',
      holder: leaseHolderId({ hold: p.hold, id: `w${++n}` }),
      ttlMs: 60_000,
      exclusiveHold: p.exclusive ? p.hold : undefined,
    })

  it('on a chain run alone, takes over at once a holder of another start of it; never a holder of its own start', async () => {
    const name = 'minter:1:0x01'
    const killed = lease({ name, hold: 'start-1', exclusive: true })
    expect(await killed.acquire()).toBe(true)

    // Same start of the chain (a second minter of this process): it is alive; stand by, saying why.
    const { logger, lines } = recordingLogger()
    const sibling = lease({ name, hold: 'start-1', exclusive: true, logger })
    expect(await sibling.acquire()).toBe(false)
    expect(await sibling.acquire()).toBe(false)
    const waits = lines.filter((l) => l.msg.startsWith('lease held by another worker'))
    expect(waits).toHaveLength(1) // once per holder
    expect(waits[0]?.fields).toMatchObject({ lease: name, holder: killed.holder })
    expect(waits[0]?.fields.waitMs).toBeGreaterThan(50_000)

    // The next start of the chain (the process was killed and restarted): taken over at once.
    const restarted = lease({ name, hold: 'start-2', exclusive: true })
    expect(await restarted.acquire()).toBe(true)
    expect(restarted.fence).toBeGreaterThan(killed.fence)
    expect(await restarted.fenced(async () => 'written')).toBe('written')
    // The old holder can no longer write, even if it were still running.
    await expect(killed.fenced(async () => 'written')).rejects.toBeInstanceOf(LeaseLostError)
    expect(killed.held).toBe(false)
    await restarted.release()
  })

  it('takes over holders of older versions (no hold in the id) on a chain run alone', async () => {
    const name = 'minter:1:0x02'
    const old = createSignerLease({
      storage: t.storage,
      clock: systemClock,
      logger: recordingLogger().logger,
      name,
      holder: `somehost:1:0b6c2f7e-1111-4111-8111-111111111111`,
      ttlMs: 60_000,
    })
    expect(await old.acquire()).toBe(true)
    expect(await lease({ name, hold: 'start-3', exclusive: false }).acquire()).toBe(false)
    expect(await lease({ name, hold: 'start-3', exclusive: true }).acquire()).toBe(true)
  })

  it('on a shared chain (RPC), waits for any live holder until its lease expires', async () => {
    const name = 'minter:1:0x03'
    const first = lease({ name })
    expect(await first.acquire()).toBe(true)
    const second = lease({ name })
    expect(await second.acquire()).toBe(false)
    await first.release()
    expect(await second.acquire()).toBe(true)
  })
})
