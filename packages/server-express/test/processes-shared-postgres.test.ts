import { randomBytes } from 'node:crypto'
import { perkCollectionAbi } from '@loyaltykit/contracts'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChaosCluster, startChaosCluster } from '../chaos/chaos-cluster'
import { checkMintInvariants } from '../chaos/check-mint-invariants'
import { type ClusterRequests, clusterRequests } from '../chaos/cluster-requests'
import { type ClientAnswer, createIdempotentClient, type IdempotentClient } from '../chaos/idempotent-client'
import { minterLeaseHistory } from '../chaos/minter-lease-history'
import { UPSTREAM_HEADER } from '../chaos/round-robin-proxy'
import { runReconcile } from '../chaos/run-reconcile'
import { waitForMintDrain } from '../chaos/wait-for-mint-drain'
import { queryTestDatabase } from './helpers/query-test-database'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const PREGENERATIONS_PER_MINUTE = 5
const RELAYS_PER_HOUR = 35

const upstreamOf = (a: ClientAnswer) => Number(a.headers.get(UPSTREAM_HEADER))
const statusesOf = (answers: ClientAnswer[]) => answers.map((a) => a.status).sort()

/** Fixed windows (minute, hour): start a burst with at least `ms` left in the current one. */
async function insideWindow(windowMs: number, ms: number) {
  const left = windowMs - (Date.now() % windowMs)
  if (left < ms) await new Promise((r) => setTimeout(r, left + 50))
}

/**
 * Three `loyaltykit start` processes on one PostgreSQL database and one JSON-RPC dev chain, behind
 * a round-robin proxy (issue 20 point 2): what must hold across processes does, checked from the
 * database and the chain. Requests sent "to all three at once" are concurrent requests through the
 * proxy, which hands request i to process i mod 3 (the answers name the process that served them).
 */
describe.each(testDialects.filter((d) => d.dialect === 'postgres'))(
  'three server processes on one $dialect database',
  ({ create }) => {
    let db: TestDatabase
    let cluster: ChaosCluster
    let client: IdempotentClient
    let r: ClusterRequests

    beforeAll(async () => {
      db = await create()
      cluster = await startChaosCluster(db, {
        serverEnv: { LOYALTYKIT_PREGENERATION_PER_MINUTE: String(PREGENERATIONS_PER_MINUTE) },
      })
      client = createIdempotentClient(cluster.proxy.url, { replayEvery: 3 })
      r = clusterRequests(cluster, client)
    }, 600_000)
    afterAll(async () => {
      await cluster?.stop()
      await db?.drop()
    })

    it('identical events sent to the three at once: one reward; distinct events: one reward each', async () => {
      for (let n = 0; n < 3; n++) {
        const email = `same${n}.${randomBytes(3).toString('hex')}@chaos.example`
        const answers = await Promise.all([0, 1, 2].map(() => r.event(email)))
        expect(new Set(answers.map(upstreamOf))).toEqual(new Set([0, 1, 2]))
        const won = answers.filter((a) => a.status === 200)
        expect(won, answers.map((a) => a.body).join('\n')).toHaveLength(1)
        expect(won[0]?.json()).toMatchObject({ rewardAmount: 100, transactionHash: expect.stringMatching(/^0x/) })
        for (const lost of answers.filter((a) => a.status !== 200)) {
          expect(lost.status).toBeGreaterThanOrEqual(400)
          expect(lost.status).toBeLessThan(500)
        }
        const rows = await queryTestDatabase(db, 'select id from reward_events where user_email = ?', [email])
        expect(rows).toHaveLength(1)
      }
      const distinct = await Promise.all(
        Array.from({ length: 12 }, (_, i) => r.event(`d${i}.${randomBytes(3).toString('hex')}@chaos.example`)),
      )
      expect(statusesOf(distinct)).toEqual(Array(12).fill(200))
      expect(new Set(distinct.map(upstreamOf))).toEqual(new Set([0, 1, 2]))
    })

    it('one checkout session paid and minted through the three at once: one mint', async () => {
      const session = await r.checkout(`buyer.${randomBytes(3).toString('hex')}@chaos.example`, 2500)
      const answers = await Promise.all([
        ...[0, 1, 2].map(() => r.pay(session.sessionId)),
        ...[0, 1, 2].map(() => r.paymentMint(session.sessionId)),
      ])
      for (const pay of answers.slice(0, 3)) expect(pay.status).toBe(303)
      // After the pay buttons answered, every process mints the session: the same transaction.
      const minted = await Promise.all([0, 1, 2].map(() => r.paymentMint(session.sessionId)))
      expect(new Set(minted.map(upstreamOf)).size).toBe(3)
      expect(statusesOf(minted)).toEqual([200, 200, 200])
      const bodies = minted.map((a) => a.json<{ txHash: string; tokenAmount: number }>())
      expect(new Set(bodies.map((b) => b.txHash)).size).toBe(1)
      expect(bodies[0]).toMatchObject({ tokenAmount: 25_000, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
      const jobs = await queryTestDatabase(db, "select id from mint_jobs where source = 'payment' and ref = ?", [
        session.sessionId,
      ])
      expect(jobs).toHaveLength(1)
    })

    it('the 36th relay of a user in the hour is refused by whichever process takes it', async () => {
      await insideWindow(3_600_000, 120_000)
      const user = await r.login()
      // The same call of the same user, 35 times at once (the proxy spreads them over the three): the
      // processes sign them at the same moment from one nonce sequence, each with a nonce of its own.
      const first = await Promise.all(
        Array.from({ length: RELAYS_PER_HOUR }, () => r.relayClaim(user, cluster.freePerkId)),
      )
      expect(statusesOf(first), first.map((a) => a.body).join('\n')).toEqual(Array(RELAYS_PER_HOUR).fill(200))
      expect(new Set(first.map(upstreamOf))).toEqual(new Set([0, 1, 2]))
      // The 36th, sent to each of the three at once: each refuses it.
      const more = await Promise.all([0, 1, 2].map(() => r.relayClaim(user, cluster.freePerkId)))
      expect(new Set(more.map(upstreamOf))).toEqual(new Set([0, 1, 2]))
      for (const refused of more) {
        expect(refused.status).toBe(429)
        expect(refused.json()).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', details: { scope: 'user', limit: 35 } })
      }
      const chain = createPublicClient({ transport: http(cluster.rpcUrl) })
      const claims = await chain.readContract({
        address: cluster.perkCollection,
        abi: perkCollectionAbi,
        functionName: 'claimsOf',
        args: [BigInt(cluster.freePerkId), user.walletAddress],
      })
      expect(claims).toBe(BigInt(RELAYS_PER_HOUR))
    })

    it('five redemptions of a 3-charge perk through the three at once: three redeemed, two refused, no charge left', async () => {
      const user = await r.login()
      const claim = await r.relayClaim(user, cluster.chargesPerkId)
      expect(claim.status, claim.body).toBe(200)
      const chain = createPublicClient({ transport: http(cluster.rpcUrl) })
      const [claimed] = await chain.getContractEvents({
        address: cluster.perkCollection,
        abi: perkCollectionAbi,
        eventName: 'PerkClaimed',
        args: { collectionId: BigInt(cluster.chargesPerkId), user: user.walletAddress },
        fromBlock: 0n,
      })
      const tokenId = claimed?.args.tokenId as bigint
      // Five identical redemptions (useCharges(tokenId, 1)) at once, spread over the three processes.
      const answers = await Promise.all(Array.from({ length: 5 }, () => r.redeem(cluster.chargesPerkId, tokenId)))
      expect(statusesOf(answers), answers.map((a) => a.body).join('\n')).toEqual([200, 200, 200, 409, 409])
      expect(new Set(answers.map(upstreamOf)).size).toBe(3)
      for (const refused of answers.filter((a) => a.status === 409))
        expect(refused.json()).toMatchObject({ code: 'NO_CHARGES_LEFT' })
      const used = await chain.getContractEvents({
        address: cluster.perkCollection,
        abi: perkCollectionAbi,
        eventName: 'ChargesUsed',
        args: { tokenId },
        fromBlock: 0n,
      })
      expect(used.map((l) => l.args.used)).toEqual([1, 1, 1])
      expect(used.map((l) => l.args.remaining).sort()).toEqual([0, 1, 2])
    })

    it('pregenerations over the per-minute limit: the limit counts across the three processes', async () => {
      await insideWindow(60_000, 20_000)
      // Three requests reach each process: alone, none of them would reach its limit of 5.
      const answers = await Promise.all(Array.from({ length: 9 }, () => r.pregenerate()))
      expect(answers.map(upstreamOf).sort()).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2])
      expect(statusesOf(answers)).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429])
    })

    it('afterwards: every reward and paid session minted exactly once, one minter at a time, no drift, replays identical', async () => {
      const drain = await waitForMintDrain(db, 180_000)
      expect(drain.drained).toBe(true)
      const { figures, violations } = await checkMintInvariants(cluster)
      expect(violations).toEqual([])
      expect(figures.rewards).toBe(15)
      expect(figures.paidSessions).toBe(1)
      expect(figures.jobs).toBe(16)
      expect(figures.mintedOnChain).toBe(16)

      const leases = minterLeaseHistory(cluster.incarnations)
      expect(leases.violations).toEqual([])
      expect(leases.acquisitions.length).toBeGreaterThanOrEqual(1)

      const reconcile = await runReconcile(cluster)
      expect(reconcile, reconcile.output).toMatchObject({ ok: true, drifts: 0 })

      // Every third answered POST was sent again under its key: the same answer each time.
      expect(client.figures.compared).toBeGreaterThan(10)
      expect(client.figures.mismatches).toEqual([])
      expect(client.figures.unanswered).toEqual([])
      // No process died: nothing had to be retried at the proxy.
      expect(cluster.proxy.upstreamErrors()).toBe(0)
    })
  },
)
