import type { Stores } from '../ports/storage'

const key = (brandId: string) => `rules_version:${brandId}`

/**
 * A stamp that changes whenever a brand's rules change, kept in storage so every server process
 * sees it. Caches of a brand's rules compare it before answering from memory.
 */
export async function readRulesVersion(stores: Pick<Stores, 'settings'>, brandId: string): Promise<string> {
  return (await stores.settings.get(key(brandId))) ?? '0'
}

/** Call in the transaction that changes a rule. */
export async function bumpRulesVersion(
  stores: Pick<Stores, 'settings'>,
  brandId: string,
  stamp: string,
): Promise<void> {
  await stores.settings.set(key(brandId), stamp)
}
