import { useCallback, useEffect, useState } from 'preact/hooks'
import { adminApi } from './api/admin-api'
import type { Session } from './api/admin-types'
import { DashboardShell } from './dashboard-shell'
import { SignInPage } from './pages/sign-in-page'

const EXPIRED = 'Your session has expired. Sign in again.'
const BRAND_KEY = 'loyaltykit.dashboard.brand'

/**
 * The whole app: no session → sign-in; a session → the shell with the brand's pages. The session
 * ends on sign-out, at `expiresAt` (a timer) and on any 401 (the server ended it first): back to
 * sign-in with a notice.
 */
export function App() {
  const [session, setSession] = useState<Session | null | undefined>(undefined)
  const [notice, setNotice] = useState<string | null>(null)
  const [brandId, setBrandId] = useState<string | null>(null)

  const end = useCallback((message: string | null) => {
    adminApi.client.csrfToken = null
    setNotice(message)
    setSession(null)
  }, [])
  const start = useCallback((s: Session) => {
    setNotice(null)
    setBrandId(s.kind === 'brand' ? s.brandId : sessionStorage.getItem(BRAND_KEY))
    setSession(s)
  }, [])

  useEffect(() => {
    adminApi.client.onExpired = () => end(EXPIRED)
    adminApi.currentSession().then(
      (s) => (s ? start(s) : setSession(null)),
      () => setSession(null),
    )
  }, [end, start])

  useEffect(() => {
    if (!session) return
    // setTimeout's limit is about 24.8 days; sessions last hours.
    const ms = Math.min(Math.max(Date.parse(session.expiresAt) - Date.now(), 0), 2 ** 31 - 1)
    const timer = setTimeout(() => end(EXPIRED), ms)
    return () => clearTimeout(timer)
  }, [session, end])

  const pickBrand = useCallback((id: string) => {
    sessionStorage.setItem(BRAND_KEY, id)
    setBrandId(id)
  }, [])

  const signOut = async () => {
    await adminApi.signOut().catch(() => {})
    sessionStorage.removeItem(BRAND_KEY)
    end('You are signed out.')
  }

  if (session === undefined)
    return (
      <p class="loading" role="status">
        Loading the dashboard…
      </p>
    )
  if (session === null) return <SignInPage notice={notice} onSignedIn={start} />
  return <DashboardShell session={session} brandId={brandId} onPickBrand={pickBrand} onSignOut={signOut} />
}
