import type { Loaded } from './use-load'

/** An error (role alert: read out at once) or a quiet "Loading…" (role status). */
export function ErrorLine({ error }: { error: Error | undefined }) {
  if (!error) return null
  return (
    <p class="error" role="alert">
      {error.message}
    </p>
  )
}

/** What a page shows while its data is loading or failed; null once the data is there. */
export function LoadState<T>({ loaded, what }: { loaded: Loaded<T>; what: string }) {
  if (loaded.error) return <ErrorLine error={loaded.error} />
  if (loaded.data === undefined)
    return (
      <p class="muted" role="status">
        Loading {what}…
      </p>
    )
  return null
}
