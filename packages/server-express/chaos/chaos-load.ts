import { randomBytes } from 'node:crypto'
import type { ChaosCluster } from './chaos-cluster'
import { clusterRequests } from './cluster-requests'
import type { IdempotentClient } from './idempotent-client'

/** Steady mixed load on the cluster until `stop()`: events, paid checkouts, relays, pregenerations. */
export type ChaosLoad = {
  /** Stops starting new operations; resolves once every running one is answered (or past its deadline). */
  stop(): Promise<void>
  /** Logical operations finished, and those that threw (unanswered, or an unexpected answer). */
  operations(): number
  failures: string[]
  /**
   * Members whose event was refused (409/429) instead of answered 200: a retry that ran again after
   * its first attempt's process died with the event committed but no answer stored (the key's claim
   * abandoned); the claim guard refuses it. Each must have exactly one reward.
   */
  refusedAgain: string[]
}

/**
 * `workers` clients in a loop, each running one operation after another, in turn: an event of a new
 * member, a checkout paid and minted, a new user's perk claim relayed twice at once, a wallet pregeneration.
 * Every request goes through `client` (Idempotency-Key, retried until answered).
 */
export function startChaosLoad(cluster: ChaosCluster, client: IdempotentClient, workers = 4): ChaosLoad {
  const r = clusterRequests(cluster, client)
  const run = randomBytes(3).toString('hex')
  let n = 0
  let stopped = false
  let done = 0
  const failures: string[] = []
  const refusedAgain: string[] = []
  const expect = (what: string, status: number, allowed: number[]) => {
    if (!allowed.includes(status)) throw new Error(`${what}: ${status}`)
  }
  const operation = async (i: number) => {
    switch (i % 6) {
      case 0:
      case 1:
      case 2: {
        const email = `m${i}.${run}@chaos.example`
        const status = (await r.event(email)).status
        if (status === 409 || status === 429) refusedAgain.push(email)
        return expect('manual-event', status, [200, 409, 429])
      }
      case 3: {
        const session = await r.checkout(`b${i}.${run}@chaos.example`, 1000 + (i % 50))
        expect('pay', (await r.pay(session.sessionId)).status, [303])
        return expect('payment-mint', (await r.paymentMint(session.sessionId)).status, [200])
      }
      case 4: {
        // The same claim twice at once (two requests, two keys): the processes sign identical calls
        // at the same moment; each is answered with its own transaction.
        const user = await r.login(`r${i}.${run}@chaos.example`)
        const both = await Promise.all([0, 1].map(() => r.relayClaim(user, cluster.freePerkId)))
        for (const answer of both) expect('relay', answer.status, [200])
        return
      }
      default:
        return expect('pregenerate', (await r.pregenerate()).status, [200])
    }
  }
  const worker = async () => {
    while (!stopped) {
      const i = n++
      try {
        await operation(i)
      } catch (error) {
        failures.push(String((error as Error).message ?? error).slice(0, 300))
      }
      done++
    }
  }
  const running = Promise.all(Array.from({ length: workers }, () => worker()))
  return {
    async stop() {
      stopped = true
      await running
    },
    operations: () => done,
    failures,
    refusedAgain,
  }
}
