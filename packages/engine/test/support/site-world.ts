import { isLoyaltyError, type Storage } from '@loyaltykit/engine'
import { createTestContext } from '@loyaltykit/engine/testing'
import { createBrand } from '../../src/brands/create-brand'
import { checkIn } from '../../src/site/check-in'
import { claimMilestone } from '../../src/site/claim-milestone'
import { type SetSiteConfigParameters, setSiteConfig } from '../../src/site/set-site-config'

/** A clock the test sets by hand: ISO strings or epoch ms. */
function fakeClock(start: string) {
  let now = Date.parse(start)
  return {
    now: () => now,
    set: (iso: string) => {
      now = Date.parse(iso)
    },
    advance: (ms: number) => {
      now += ms
    },
  }
}

/** The code of a rejected promise ('ok' when it resolved). */
export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (isLoyaltyError(e)) return e.code
    throw e
  }
}

let users = 0

/**
 * A brand (with `config` applied) on a fake clock, and helpers that check a site user in and claim
 * milestones with the brand's API key (scope `events`, which the site API accepts).
 */
export async function siteWorld(
  storage: Storage,
  start: string,
  config: Omit<SetSiteConfigParameters, 'brandId'> = {},
) {
  const clock = fakeClock(start)
  const ctx = createTestContext(storage, { clock })
  const { brand, keys } = await createBrand(ctx, { name: 'Site', websites: ['https://site.example'] })
  await setSiteConfig(ctx, { brandId: brand.id, ...config })
  const options = { apiKey: keys.apiKey, mintWaitMs: 0 }
  const newUser = () => {
    const n = ++users
    return { id: `u${n}`, email: `user${n}@example.com`, displayName: `User ${n}` }
  }
  type User = ReturnType<typeof newUser>
  return {
    ctx,
    clock,
    brandId: brand.id,
    apiKey: keys.apiKey,
    newUser,
    /** Checks `user` in at `iso` (when given). */
    checkIn: (user: User, iso?: string) => {
      if (iso) clock.set(iso)
      return checkIn(ctx, { user }, options)
    },
    claim: (user: User, milestoneDays: number) => claimMilestone(ctx, { user, milestoneDays }, options),
  }
}
