import { perkCollectionAbi } from '@loyaltykit/contracts'
import type { EngineContext } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { sql } from 'kysely'
import type { Address, Hex, LocalAccount } from 'viem'
import { describe, expect, it } from 'vitest'
import { relay } from '../src/relay/relay'
import { useRelayWorld } from './support/relay-world'
import { testDatabases } from './support/test-databases'

/** A promise and the function that resolves it. */
function latch() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

/**
 * Two engines ("processes": each its own storage pool and relay sender) on one PostgreSQL database
 * and one chain relay the same call of the same user at the same moment. The interleaving that made
 * them share a nonce is forced, not hoped for: engine A's signer stops right after A reserved its
 * nonce, until engine B has either finished its relay (B then met A's nonce gap as "nonce too high"
 * and ran its recovery) or is waiting for a database lock (B's reservation waits for A's). Then A
 * goes on. Both relays must be answered with their own mined transaction, on distinct nonces;
 * before the fix B's recovery released A's reserved nonce, B signed the identical call with it, and
 * A failed with a 500 (`recordTransactions: … already stored and not dropped`).
 */
describe.each(testDatabases().filter((d) => d.dialect === 'postgres'))(
  'identical relays from two engines on one $dialect database',
  (db) => {
    const w = useRelayWorld(db)

    /** A relay sender's signer that, when armed, says so and waits before its next signature. */
    function pausingSigner(relayer: LocalAccount) {
      let armed: { reached: () => void; until: Promise<void> } | undefined
      const signer: LocalAccount = {
        ...relayer,
        async signTransaction(tx, options) {
          const pause = armed
          armed = undefined
          if (pause) {
            pause.reached()
            await pause.until
          }
          return relayer.signTransaction(tx, options)
        },
      }
      return {
        signer,
        arm(until: Promise<void>) {
          const reached = latch()
          armed = { reached: reached.open, until }
          return reached.opened
        },
      }
    }

    /** Resolves once a backend of this database waits for a lock, or once `done` settles. */
    async function lockWaitOr(done: Promise<unknown>) {
      let finished = false
      void done.finally(() => {
        finished = true
      })
      while (!finished) {
        const { rows } = await sql<{ waiting: number }>`
          select count(*) as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(w.database.db)
        if (Number(rows[0]?.waiting) > 0) return
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    }

    it('never share a nonce: both are answered with their own mined transaction, round after round', async () => {
      const { t, ctx } = w
      const pausing = pausingSigner(t.chain.relayer)
      const engine = async (chain = t.chain): Promise<EngineContext> =>
        createTestContext(await w.database.connect(), {
          chain,
          keyVault: ctx.keyVault,
          ...(ctx.identity ? { identity: ctx.identity } : {}),
        })
      const a = await engine({ ...t.chain, relayer: pausing.signer })
      const b = await engine()
      const scope = { chainId: t.chain.chainId, address: t.chain.relayer.address.toLowerCase() }

      for (let round = 0; round < 4; round++) {
        const user = await w.login()
        const call = {
          to: t.chain.contracts.perkCollection,
          data: w.claimData(user.walletAddress, w.freeCollectionId),
          userAddress: user.walletAddress,
        }
        const go = latch()
        const aPaused = pausing.arm(go.opened)
        const fromA = relay(a, call, { accessToken: user.accessToken })
        await aPaused
        const fromB = relay(b, call, { accessToken: user.accessToken })
        await lockWaitOr(fromB)
        go.open()
        const answers = await Promise.allSettled([fromA, fromB])
        expect(answers.map((x) => (x.status === 'rejected' ? String(x.reason) : 'answered'))).toEqual([
          'answered',
          'answered',
        ])
        const [ra, rb] = answers.map((x) => (x.status === 'fulfilled' ? x.value.result : undefined))
        expect(ra?.status).toBe('confirmed')
        expect(rb?.status).toBe('confirmed')
        expect(ra?.transactionHash).not.toBe(rb?.transactionHash)
        const txA = await t.publicClient.getTransaction({ hash: ra?.transactionHash as Hex })
        const txB = await t.publicClient.getTransaction({ hash: rb?.transactionHash as Hex })
        expect(txA.nonce).not.toBe(txB.nonce)
        // Both calls ran: the user holds two stickers, and nothing was sent twice.
        const claims = await t.publicClient.readContract({
          address: t.chain.contracts.perkCollection,
          abi: perkCollectionAbi,
          functionName: 'claimsOf',
          args: [BigInt(w.freeCollectionId), user.walletAddress as Address],
        })
        expect(claims).toBe(2n)
      }
      // The stored sequence meets the chain: no nonce left reserved, released or unsent.
      const pending = await t.publicClient.getTransactionCount({
        address: t.chain.relayer.address,
        blockTag: 'pending',
      })
      expect(await ctx.storage.nonces.peek(scope)).toEqual({ next: pending, released: [] })
      expect(await ctx.storage.relay.listUnsettled({ chainId: scope.chainId, signer: scope.address })).toEqual([])
    })
  },
)
