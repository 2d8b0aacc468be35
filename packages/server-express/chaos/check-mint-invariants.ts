import { pointsTokenAbi } from '@loyaltykit/contracts'
import { type Address, createPublicClient, http } from 'viem'
import { queryTestDatabase } from '../test/helpers/query-test-database'
import type { ChaosCluster } from './chaos-cluster'

export type MintFigures = {
  /** Mint jobs in the database, and those confirmed. */
  jobs: number
  confirmed: number
  /** Reward events that earn points, and paid checkout sessions. */
  rewards: number
  paidSessions: number
  /** Mints on chain (the `count` of every BatchMinted log) and batch transactions. */
  mintedOnChain: number
  batches: number
}

type Job = { id: string; source: string; ref: string | null; recipient: string; amount_wei: string; status: string }

/**
 * What the database and the chain must agree on after any run of the cluster: every rewarding event
 * and every paid session has exactly one mint job, every job is confirmed, the chain minted exactly
 * the confirmed jobs (each batch id once) and every recipient's balance is the sum of its jobs (the
 * run makes no other transfers of points). Answers the figures and the violations (empty when all hold).
 */
export async function checkMintInvariants(
  cluster: ChaosCluster,
): Promise<{ figures: MintFigures; violations: string[] }> {
  const q = <T>(sql: string) => queryTestDatabase<T>(cluster.db, sql)
  const violations: string[] = []
  const jobs = await q<Job>('select id, source, ref, recipient, amount_wei, status from mint_jobs')
  const rewards = await q<{ id: string; mint_job_id: string | null }>(
    'select id, mint_job_id from reward_events where reward_amount > 0',
  )
  const paid = await q<{ id: string }>("select id from checkout_sessions where status = 'paid'")

  const unconfirmed = jobs.filter((j) => j.status !== 'confirmed')
  if (unconfirmed.length > 0) violations.push(`${unconfirmed.length} mint jobs not confirmed`)
  const jobsByRef = (source: string) => {
    const m = new Map<string, number>()
    for (const j of jobs) if (j.source === source && j.ref) m.set(j.ref, (m.get(j.ref) ?? 0) + 1)
    return m
  }
  const eventJobs = jobsByRef('event')
  for (const r of rewards) {
    if ((eventJobs.get(r.id) ?? 0) !== 1 || !r.mint_job_id)
      violations.push(`reward event ${r.id} has ${eventJobs.get(r.id) ?? 0} mint jobs`)
  }
  if (eventJobs.size !== rewards.length)
    violations.push(`${eventJobs.size} event mint jobs for ${rewards.length} rewards`)
  const paymentJobs = jobsByRef('payment')
  for (const s of paid) {
    if ((paymentJobs.get(s.id) ?? 0) !== 1)
      violations.push(`paid session ${s.id} has ${paymentJobs.get(s.id) ?? 0} mint jobs`)
  }
  if (paymentJobs.size !== paid.length)
    violations.push(`${paymentJobs.size} payment mint jobs for ${paid.length} paid sessions`)
  for (const [ref, n] of [...eventJobs, ...paymentJobs]) if (n > 1) violations.push(`${n} mint jobs for ${ref}`)

  const client = createPublicClient({ transport: http(cluster.rpcUrl) })
  const token = { address: cluster.pointsToken, abi: pointsTokenAbi } as const
  const logs = await client.getContractEvents({ ...token, eventName: 'BatchMinted', fromBlock: 0n })
  const minted = logs.reduce((n, l) => n + Number(l.args.count), 0)
  if (minted !== jobs.length - unconfirmed.length)
    violations.push(`the chain minted ${minted} times for ${jobs.length - unconfirmed.length} confirmed jobs`)
  if (new Set(logs.map((l) => l.args.batchId)).size !== logs.length) violations.push('a batch id was minted twice')

  const expected = new Map<string, bigint>()
  for (const j of jobs)
    if (j.status === 'confirmed') expected.set(j.recipient, (expected.get(j.recipient) ?? 0n) + BigInt(j.amount_wei))
  const supply = await client.readContract({ ...token, functionName: 'totalSupply' })
  const sum = [...expected.values()].reduce((a, b) => a + b, 0n)
  if (supply !== sum) violations.push(`total supply ${supply} wei, confirmed jobs ${sum} wei`)
  for (const [recipient, wei] of expected) {
    const balance = await client.readContract({ ...token, functionName: 'balanceOf', args: [recipient as Address] })
    if (balance !== wei) violations.push(`${recipient} holds ${balance} wei, its jobs ${wei} wei`)
  }
  return {
    figures: {
      jobs: jobs.length,
      confirmed: jobs.length - unconfirmed.length,
      rewards: rewards.length,
      paidSessions: paid.length,
      mintedOnChain: minted,
      batches: logs.length,
    },
    violations,
  }
}
