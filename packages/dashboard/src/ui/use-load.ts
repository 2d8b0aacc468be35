import { useCallback, useEffect, useState } from 'preact/hooks'

export type Loaded<T> = {
  data: T | undefined
  error: Error | undefined
  loading: boolean
  reload: () => void
}

/** Runs `load` now and whenever a key changes (and on `reload()`); the newest answer wins. */
export function useLoad<T>(load: () => Promise<T>, keys: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({ loading: true })
  const [round, setRound] = useState(0)
  // The caller's keys decide when to load again.
  useEffect(() => {
    let current = true
    setState((s) => ({ ...s, loading: true }))
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error: Error) => current && setState({ error, loading: false }),
    )
    return () => {
      current = false
    }
  }, [...keys, round])
  const reload = useCallback(() => setRound((r) => r + 1), [])
  return { data: state.data, error: state.error, loading: state.loading, reload }
}
