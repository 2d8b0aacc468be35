import { describe, expect, it } from 'vitest'
import { useAgentServer } from './helpers/agent-fixture'
import { claimedOf, fundAtShop } from './helpers/agent-redeem-support'
import { testDialects } from './helpers/test-databases'
import { tokenBalance } from './helpers/token-balance'

const WEI = 10n ** 18n

// Issue 14 point 8 over HTTP on the real chain: 50 concurrent POST /api/v1/perks/redeem of a perk
// with 10 left (50 members, 100 points each, price 30) → exactly 10 succeed and 40 answer sold out;
// the chain's claimed count, every member's balance on chain, the ledger's redemption entries and a
// full ledger reconcile agree.
describe.each(testDialects)('50 concurrent agent redemptions on $dialect', (dialect) => {
  const f = useAgentServer(dialect)
  const engine = () => f.s.runtime.engine

  it('50 concurrent redemptions of a perk with 10 left: exactly 10 succeed; balances, chain and ledger agree', async () => {
    const agent = await f.createKey('--tier', 'free', '--rate', '1000')
    const redeem = (body: Record<string, unknown>) => f.call('POST', '/api/v1/perks/redeem', { as: agent, body })
    const tote = await engine().perks.create({ brandId: f.shopId, name: 'Tote', price: 30, maxSupply: 12 })
    const emails = Array.from({ length: 52 }, (_, i) => `crowd${i}@example.com`)
    const wallets: string[] = []
    for (let i = 0; i < emails.length; i += 13) {
      wallets.push(...(await Promise.all(emails.slice(i, i + 13).map((e) => fundAtShop(f, e)))))
    }
    // Two sold before: 10 left.
    for (const email of emails.slice(0, 2)) {
      expect((await redeem({ perkId: tote.id, userId: email, brandId: f.shopId })).status).toBe(200)
    }
    expect(await claimedOf(f, tote.collectionId)).toBe(2n)

    const answers = await Promise.all(
      emails.slice(2).map((email) => redeem({ perkId: tote.id, userId: email, brandId: f.shopId })),
    )
    const won = answers.flatMap((a, i) => (a.status === 200 ? [i + 2] : []))
    const lost = answers.filter((a) => a.status !== 200)
    expect(won).toHaveLength(10)
    expect(lost).toHaveLength(40)
    for (const a of lost) {
      expect(a.status, JSON.stringify(a.body)).toBe(400)
      expect(a.body.error).toMatchObject({ code: 'validation', message: 'This perk is sold out' })
    }
    expect(new Set(answers.filter((a) => a.status === 200).map((a) => a.body.data.tokenId)).size).toBe(10)
    expect(await claimedOf(f, tote.collectionId)).toBe(12n)

    // Each winner paid 30 of 100; each loser kept 100 — on chain, in the answers and in the ledger.
    for (const [i, wallet] of wallets.entries()) {
      const paid = i < 2 || won.includes(i)
      expect(await tokenBalance(f.s, wallet), emails[i]).toBe((paid ? 70n : 100n) * WEI)
      const totals = await f.s.runtime.storage.ledger.memberTotals({ walletAddress: wallet, brandId: f.shopId })
      expect(totals.redeemed + 0, emails[i]).toBe(paid ? 30 : 0)
    }
    for (const a of answers.filter((x) => x.status === 200)) expect(a.body.data.newBalance).toBe(70)
    const rows = await Promise.all(
      Array.from({ length: 12 }, async (_, k) => {
        const page = await f.s.runtime.storage.ledger.listByWallet({
          walletAddress: wallets[k < 2 ? k : (won[k - 2] ?? 0)] as string,
          kinds: ['redemption'],
          limit: 10,
        })
        return page.entries
      }),
    )
    expect(rows.flat().filter((e) => e.snapshot?.collectionId === String(tote.collectionId))).toHaveLength(12)
    const reconcile = await engine().ledger.reconcile()
    expect(reconcile.balanceDrifts).toEqual([])
    expect(reconcile.entryDrifts).toEqual([])
    expect(reconcile.ok).toBe(true)
  })
})
