import { describe, expect, it } from 'vitest'
import { useAgentServer } from './helpers/agent-fixture'
import { runCliHere } from './helpers/run-cli-here'
import { testDialects } from './helpers/test-databases'

// A brand's profile (category, description, contact email; migration 0018) set by `loyaltykit brand
// create` / `brand update` and shown by the agent API: the Summary's category and description, the
// `category` filter of GET /api/v1/brands and of GET /api/v1/compare/cashback.
describe.each(testDialects)('brand profiles from the CLI to the agent API on $dialect', (dialect) => {
  const f = useAgentServer(dialect)
  const cli = (...args: string[]) => runCliHere(args, f.env)

  it('creates brands with a profile, filters GET /brands by category, and updates or clears the profile', async () => {
    const diner = await cli(
      ...['brand', 'create', '--name', 'Diner', '--website', 'https://diner.example', '--category', 'dining'],
      ...['--description', 'Burgers & shakes', '--contact-email', 'Owner@Diner.example', '--json'],
    )
    expect(diner.code, diner.stderr).toBe(0)
    const brand = diner.json().brand
    expect(brand).toMatchObject({
      name: 'Diner',
      category: 'dining',
      description: 'Burgers & shakes',
      contactEmail: 'owner@diner.example',
      onboardedByAgentKeyId: null,
      updatedAt: brand.createdAt,
    })
    const human = await cli(
      'brand',
      'create',
      '--name',
      'Inn',
      '--website',
      'https://inn.example',
      '--category',
      'travel',
    )
    expect(human.stdout).toContain('category:     travel')

    const dining = await f.call('GET', '/api/v1/brands?category=dining')
    expect(dining.status).toBe(200)
    expect(dining.body.data).toMatchObject({ total: 1, brands: [{ brandId: brand.id, name: 'Diner' }] })
    expect(dining.body.data.brands[0]).toMatchObject({ category: 'dining', description: 'Burgers & shakes' })
    expect((await f.call('GET', '/api/v1/brands?category=gaming')).body.data).toMatchObject({ total: 0, brands: [] })
    const info = await f.call('GET', `/api/v1/brands/${brand.id}`)
    expect(info.body.data).toMatchObject({ category: 'dining', description: 'Burgers & shakes' })

    const moved = await cli(
      'brand',
      'update',
      '--brand',
      brand.id,
      '--category',
      'retail',
      '--description',
      '',
      '--json',
    )
    expect(moved.code, moved.stderr).toBe(0)
    expect(moved.json()).toMatchObject({ category: 'retail', description: null, contactEmail: 'owner@diner.example' })
    expect(moved.json().updatedAt).toBeGreaterThanOrEqual(brand.createdAt)
    expect((await f.call('GET', '/api/v1/brands?category=dining')).body.data.total).toBe(0)
    const retail = await f.call('GET', '/api/v1/brands?category=retail')
    expect(retail.body.data.brands).toEqual([expect.objectContaining({ brandId: brand.id, description: null })])
    const listed = (await cli('brand', 'list', '--json')).json() as Array<{ id: string; category: string | null }>
    expect(listed.find((b) => b.id === brand.id)?.category).toBe('retail')
  })

  it('compares cashback across a category: only brands of that category', async () => {
    await f.s.runtime.engine.brands.update({ brandId: f.shopId, category: 'gaming' })
    const r = await f.call('GET', '/api/v1/compare/cashback?category=gaming&purchaseAmount=40')
    expect(r.status).toBe(200)
    // Shop's purchase rule: 80 points = $0.08 = 0.2 % of $40.
    expect(r.body.data).toEqual({
      purchaseAmount: 40,
      comparisons: [{ brandId: f.shopId, name: 'Shop', cashbackPoints: 80, cashbackUsd: 0.08, cashbackPercent: 0.2 }],
      best: f.shopId,
    })
    await f.s.runtime.engine.brands.update({ brandId: f.shopId, category: null })
    expect((await f.call('GET', '/api/v1/compare/cashback?category=gaming')).body.data.comparisons).toEqual([])
  })

  it('refuses an invalid profile in one line and changes nothing', async () => {
    const base = ['brand', 'create', '--name', 'Bad', '--website', 'https://bad.example']
    for (const [flags, field] of [
      [['--category', 'shoes'], 'category'],
      [['--description', 'x'.repeat(501)], 'description'],
      [['--contact-email', 'not-an-email'], 'contactEmail'],
    ] as const) {
      const r = await cli(...base, ...flags)
      expect(r.code, flags[0]).toBe(1)
      expect(r.stderr, flags[0]).toContain(field)
    }
    expect(((await cli('brand', 'list', '--json')).json() as unknown[]).length).toBe(4)
    const none = await cli('brand', 'update', '--brand', f.cafeId)
    expect([none.code, none.stderr]).toEqual([1, expect.stringContaining('at least one')])
    const unknown = await cli('brand', 'update', '--brand', `0x${'7'.repeat(40)}`, '--name', 'X')
    expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringContaining('not found')])
    const help = await cli('brand', 'update', '--help')
    expect(help.stdout).toMatch(/^Usage: loyaltykit brand update --brand ID/)
  })
})
