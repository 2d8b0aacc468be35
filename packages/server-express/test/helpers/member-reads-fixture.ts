import { postJson } from './post-json'
import type { TestServer } from './start-test-server'

/** What `seedMemberReads` made: two brands, their keys, and the event ids each brand recorded. */
export type MemberReadsFixture = {
  a: { brandId: string; apiKey: string; dnsKey: string; readKey: string; readKeyId: string; eventIds: string[] }
  b: { brandId: string; apiKey: string; eventIds: string[] }
  /** Ann's and Bob's custodial wallets. */
  annWallet: string
  bobWallet: string
}

/**
 * Two brands and their members, through the real API (manual-event; duplicate window 0): at brand A
 * Ann earns 13 × custom_visit (10) and 4 × custom_review (5) = 150 points, Bob 3 × custom_visit = 30;
 * at brand B Ann earns 2 × custom_visit (7) = 14. A also gets a `members_read`-only key. Waits until
 * every reward is confirmed on chain.
 */
export async function seedMemberReads(s: TestServer): Promise<MemberReadsFixture> {
  const engine = s.runtime.engine
  const a = await engine.brands.create({ name: 'Shop A', websites: ['https://a.example.com'] })
  const b = await engine.brands.create({ name: 'Shop B', websites: ['https://b.example.com'] })
  const rule = (brandId: string, eventType: string, rewardAmount: number) =>
    engine.rules.set({ brandId, eventType, custom: true, rewardAmount, maxClaims: -1, cooldownHours: 0 })
  await rule(a.brand.id, 'visit', 10)
  await rule(a.brand.id, 'review', 5)
  await rule(b.brand.id, 'visit', 7)
  const read = await engine.apiKeys.create({ brandId: a.brand.id, scopes: ['members_read'] })

  const wallets = new Map<string, string>()
  const track = async (brandId: string, domain: string, eventType: string, userEmail: string) => {
    const res = await postJson(s.base, '/loyalty-api/manual-event', { brandId, eventType, userEmail, domain })
    const body = (await res.json()) as { eventId: string; walletAddress: string }
    if (res.status !== 200) throw new Error(`manual-event answered ${res.status}: ${JSON.stringify(body)}`)
    wallets.set(userEmail, body.walletAddress.toLowerCase())
    return body.eventId
  }
  const aIds: string[] = []
  const bIds: string[] = []
  for (let i = 0; i < 13; i++) aIds.push(await track(a.brand.id, 'a.example.com', 'custom_visit', 'ann@example.com'))
  for (let i = 0; i < 4; i++) aIds.push(await track(a.brand.id, 'a.example.com', 'custom_review', 'ann@example.com'))
  for (let i = 0; i < 3; i++) aIds.push(await track(a.brand.id, 'a.example.com', 'custom_visit', 'bob@example.com'))
  for (let i = 0; i < 2; i++) bIds.push(await track(b.brand.id, 'b.example.com', 'custom_visit', 'ann@example.com'))

  // Every reward confirmed: the ledger's entries are, and so is the on-chain balance.
  const deadline = Date.now() + 60_000
  for (;;) {
    const pending = await s.runtime.storage.ledger.listUnconfirmed({ olderThan: Date.now() + 1, limit: 1 })
    if (pending.length === 0) break
    if (Date.now() > deadline) throw new Error('rewards still unconfirmed after 60 s')
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    a: {
      brandId: a.brand.id,
      apiKey: a.keys.apiKey,
      dnsKey: a.keys.dnsKey,
      readKey: read.apiKey,
      readKeyId: read.record.id,
      eventIds: aIds,
    },
    b: { brandId: b.brand.id, apiKey: b.keys.apiKey, eventIds: bIds },
    annWallet: wallets.get('ann@example.com') as string,
    bobWallet: wallets.get('bob@example.com') as string,
  }
}
