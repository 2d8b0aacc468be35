import { useEffect, useRef, useState } from 'preact/hooks'
import { adminApi } from '../api/admin-api'
import type { Session } from '../api/admin-types'
import { ErrorLine } from '../ui/status-line'

/**
 * Sign-in: a brand API key (scope admin:read or admin:write) or an operator key, exchanged once for
 * the HttpOnly session cookie (`POST /admin/v1/session`). The key is never stored by the page.
 */
export function SignInPage({ notice, onSignedIn }: { notice: string | null; onSignedIn: (s: Session) => void }) {
  const [key, setKey] = useState('')
  const [error, setError] = useState<Error>()
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])

  const submit = async (e: Event) => {
    e.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      const session = await adminApi.signIn(key.trim())
      setKey('')
      onSignedIn(session)
    } catch (err) {
      setError(err as Error)
      input.current?.focus()
    } finally {
      setBusy(false)
    }
  }

  return (
    <main id="main" class="sign-in">
      <h1>loyaltykit dashboard</h1>
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      <form onSubmit={submit} class="card">
        <label for="api-key">API key</label>
        <input
          id="api-key"
          ref={input}
          type="password"
          autocomplete="off"
          spellcheck={false}
          required
          value={key}
          aria-describedby="api-key-help"
          onInput={(e) => setKey(e.currentTarget.value)}
        />
        <p id="api-key-help" class="muted">
          A brand API key with the <code>admin:read</code> or <code>admin:write</code> scope, or an operator key (
          <code>loyaltykit operator-key create</code>).
        </p>
        <ErrorLine error={error} />
        <button type="submit" disabled={busy || key.trim() === ''}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  )
}
