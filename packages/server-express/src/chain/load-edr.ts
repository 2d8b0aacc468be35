import type { EdrContext } from '@nomicfoundation/edr'

export type LoadedEdr = { edr: typeof import('@nomicfoundation/edr'); context: EdrContext }

let loading: Promise<LoadedEdr> | undefined

/**
 * `@nomicfoundation/edr` (a native addon) and the process's one `EdrContext` (EDR wants a single
 * context per process), with the L1 chain type registered. Loaded on first use: a server
 * configured with an RPC URL never loads EDR. A failed load is retried by the next call.
 */
export function loadEdr(): Promise<LoadedEdr> {
  if (loading) return loading
  const attempt = (async () => {
    const edr = await import('@nomicfoundation/edr')
    const context = new edr.EdrContext()
    await context.registerProviderFactory(edr.L1_CHAIN_TYPE, edr.l1ProviderFactory())
    return { edr, context }
  })()
  loading = attempt
  attempt.catch(() => {
    if (loading === attempt) loading = undefined
  })
  return attempt
}
