// Issue 13, point 2: `loyaltykit verify-event ID` (and verify-payment, verify-redemption) re-read the
// real EDR chain and exit 0 only when the Transfer log of the proof pays that wallet that amount
// (under that batch id); a record tampered with in the database exits 1 with one line saying what
// differs. Real events, payment and perk claim made over HTTP; the CLI runs after the server stopped.
import { perkCollectionAbi } from '@loyaltykit/contracts'
import { type Address, parseEventLogs } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { custodialFlows } from './helpers/custodial-flows'
import { postJson } from './helpers/post-json'
import { queryTestDatabase } from './helpers/query-test-database'
import { runCliHere } from './helpers/run-cli-here'
import { startTestServer } from './helpers/start-test-server'
import { type TestDatabase, testDialects } from './helpers/test-databases'

const SITE = 'https://verify.example.com'
const HASH = '0x[0-9a-f]{64}'
const wei = (tokens: number) => (BigInt(tokens) * 10n ** 18n).toString()

describe.each(testDialects)(
  'loyaltykit verify-event / verify-payment / verify-redemption on $dialect',
  ({ create }) => {
    let db: TestDatabase
    let env: Record<string, string | undefined>
    /** Events of 42 tokens: [0] stays untouched, [1] and [2] are tampered with. */
    const events: { eventId: string; walletAddress: string }[] = []
    let pendingEventId: string
    let zeroEventId: string
    let sessionId: string
    let claimId: string
    let buyer: string
    let claimer: string

    const cli = (...args: string[]) => runCliHere(args, env)
    const entryWhere = 'WHERE source_type = ? AND source_id = ?'

    beforeAll(async () => {
      db = await create()
      env = { LOYALTYKIT_DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl, NODE_ENV: 'test' }
      const s = await startTestServer(db, { LOYALTYKIT_TRUST_PROXY: 'true', LOYALTYKIT_MINT_WAIT_MS: '20000' })
      try {
        const brand = await s.runtime.engine.brands.create({ name: 'Verify shop', websites: [SITE] })
        const brandId = brand.brand.id as Address
        await s.runtime.engine.rules.set({ brandId, eventType: 'verify_bonus', custom: true, rewardAmount: 42 })
        for (let i = 0; i < 3; i++) {
          const res = await postJson(s.base, '/loyalty-api/manual-event', {
            brandId,
            eventType: 'custom_verify_bonus',
            userEmail: `v${i}@example.com`,
            domain: 'verify.example.com',
          })
          const body = await res.json()
          expect(res.status, JSON.stringify(body)).toBe(200)
          expect(body.status).toBe('confirmed')
          events.push(body)
        }

        // A rule of reward 0: the event is accepted, nothing is minted.
        await s.runtime.engine.rules.set({ brandId, eventType: 'verify_zero', custom: true, rewardAmount: 0 })
        const zero = await postJson(s.base, '/loyalty-api/manual-event', {
          brandId,
          eventType: 'custom_verify_zero',
          userEmail: 'zero@example.com',
          domain: 'verify.example.com',
        })
        expect(zero.status).toBe(200)
        zeroEventId = (await zero.json()).eventId

        const created = await (
          await postJson(s.base, '/loyalty-api/create-checkout', {
            brandId,
            amount: 500,
            userEmail: 'buyer@example.com',
            successUrl: `${SITE}/thanks`,
            cancelUrl: `${SITE}/cart`,
          })
        ).json()
        sessionId = created.sessionId
        buyer = created.walletAddress
        const pay = await fetch(`${s.base}/loyalty-api/dev-checkout/${sessionId}/pay`, {
          method: 'POST',
          redirect: 'manual',
        })
        expect(pay.status).toBe(303)

        const call = await custodialFlows(s, { origin: SITE, brandId }).claimPerk()
        const [claimed] = parseEventLogs({ abi: perkCollectionAbi, eventName: 'PerkClaimed', logs: call.receipt.logs })
        claimId = `${claimed?.args.collectionId}:${claimed?.args.tokenId}`
        claimer = call.user.walletAddress.toLowerCase()

        // Accepted while the minter is stopped: its proof stays pending.
        await s.minter?.stop()
        const pending = await s.runtime.engine.events.process(
          { brandId, eventType: 'custom_verify_bonus', userEmail: 'late@example.com', domain: 'verify.example.com' },
          { mintWaitMs: 0 },
        )
        expect(pending.status).toBe('pending')
        pendingEventId = pending.eventId
      } finally {
        await s.close()
      }
    }, 120_000)
    afterAll(async () => {
      await db?.drop()
    })

    it('exits 0 for a real event, payment and perk claim, naming the Transfer the chain shows', async () => {
      const [event] = events
      const run = await cli('verify-event', event?.eventId as string)
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toMatch(
        new RegExp(
          `^Event ${event?.eventId}: verified on chain 31337: transaction ${HASH} in block \\d+, log \\d+ pays 42 tokens to ${event?.walletAddress} under batch ${HASH} \\(token 0x[0-9a-f]{40}\\)\\.\\n$`,
        ),
      )
      const json = await cli('verify-event', event?.eventId as string, '--json')
      expect(json.code).toBe(0)
      expect(json.json()).toMatchObject({
        ok: true,
        kind: 'event',
        id: event?.eventId,
        problem: null,
        status: 'confirmed',
        walletAddress: event?.walletAddress,
        amount: 42,
        amountWei: wei(42),
        chainId: 31337,
      })

      const payment = await cli('verify-payment', sessionId)
      expect(payment.code, payment.stderr).toBe(0)
      expect(payment.stdout).toMatch(
        new RegExp(
          `^Payment ${sessionId}: verified on chain 31337: .* log \\d+ pays 5000 tokens to ${buyer} under batch`,
        ),
      )
      const claim = await cli('verify-redemption', claimId)
      expect(claim.code, claim.stderr).toBe(0)
      expect(claim.stdout).toMatch(
        new RegExp(`^Redemption ${claimId}: verified on chain 31337: .* pays 15 tokens from ${claimer} \\(token`),
      )
    })

    it('exits 1 with one clear line for a record tampered with in the database', async () => {
      const [, forged, doubled] = events
      // The ledger entry's amount changed alone: it no longer repeats the event.
      await queryTestDatabase(db, `UPDATE ledger_entries SET amount = 43, amount_wei = ? ${entryWhere}`, [
        wei(43),
        'event',
        doubled?.eventId,
      ])
      const changed = await cli('verify-event', doubled?.eventId as string)
      expect(changed.code).toBe(1)
      expect(changed.stdout).toBe(
        `Event ${doubled?.eventId}: NOT VERIFIED: the event says 42 tokens, its ledger entry 43\n`,
      )

      // Event and entry changed together: only the chain can tell.
      await queryTestDatabase(db, 'UPDATE reward_events SET reward_amount = 43 WHERE id = ?', [forged?.eventId])
      await queryTestDatabase(db, `UPDATE ledger_entries SET amount = 43, amount_wei = ? ${entryWhere}`, [
        wei(43),
        'event',
        forged?.eventId,
      ])
      const run = await cli('verify-event', forged?.eventId as string)
      expect(run.code).toBe(1)
      expect(run.stdout).toMatch(
        new RegExp(
          `^Event ${forged?.eventId}: NOT VERIFIED: log \\d+ moves 42 from 0x0{40} to ${forged?.walletAddress}; the entry says 43 for ${forged?.walletAddress}\\n$`,
        ),
      )
      expect((await cli('verify-event', forged?.eventId as string, '--json')).json()).toMatchObject({
        ok: false,
        amount: 43,
        problem: expect.stringContaining('the entry says 43'),
      })

      // Another batch id, another block: the payment's and the claim's proofs fail as well.
      const otherBatch = `0x${'ab'.repeat(32)}`
      await queryTestDatabase(db, `UPDATE ledger_entries SET batch_id = ? ${entryWhere}`, [
        otherBatch,
        'checkout_session',
        sessionId,
      ])
      const payment = await cli('verify-payment', sessionId)
      expect(payment.code).toBe(1)
      expect(payment.stdout).toMatch(
        new RegExp(
          `^Payment ${sessionId}: NOT VERIFIED: the transaction minted batch ${HASH}, the entry says ${otherBatch}\\n$`,
        ),
      )
      await queryTestDatabase(db, `UPDATE ledger_entries SET block_number = block_number + 1 ${entryWhere}`, [
        'perk_claim',
        claimId,
      ])
      const claim = await cli('verify-redemption', claimId)
      expect(claim.code).toBe(1)
      expect(claim.stdout).toMatch(/NOT VERIFIED: transaction is in block (\d+), entry says (\d+)\n$/)

      // The untouched event still verifies.
      expect((await cli('verify-event', events[0]?.eventId as string)).code).toBe(0)
    })

    it('exits 1 for a proof not on chain yet, an event of reward 0 or an unknown id, 2 without an id', async () => {
      const pending = await cli('verify-event', pendingEventId)
      expect(pending.code).toBe(1)
      expect(pending.stdout).toBe(
        `Event ${pendingEventId}: NOT VERIFIED: not on chain: the proof's status is pending\n`,
      )
      const zero = await cli('verify-event', zeroEventId)
      expect(zero.code).toBe(1)
      expect(zero.stdout).toBe(
        `Event ${zeroEventId}: NOT VERIFIED: nothing was minted (an amount of 0): no Transfer to check\n`,
      )
      const unknown = await cli('verify-event', '00000000-0000-4000-8000-000000000000')
      expect(unknown.code).toBe(1)
      expect(unknown.stderr).toBe('loyaltykit: Event not found\n')
      expect((await cli('verify-payment', 'cs_local_nope')).stderr).toBe(
        'loyaltykit: No payment was minted for this session\n',
      )
      const missing = await cli('verify-event')
      expect(missing.code).toBe(2)
      expect(missing.stderr).toBe(
        'loyaltykit verify-event: expected exactly one EVENT_ID (see `loyaltykit verify-event --help`)\n',
      )
    })
  },
)
