import { useEffect, useRef } from 'preact/hooks'
import type { Session } from './api/admin-types'
import { BrandPicker } from './pages/brand-picker'
import { MembersPage } from './pages/members-page'
import { OverviewPage } from './pages/overview-page'
import { PerksPage } from './pages/perks-page'
import { PipelinePage } from './pages/pipeline-page'
import { RulesPage } from './pages/rules-page'
import { WebhooksPage } from './pages/webhooks-page'
import { hrefOf, PAGES, type Route, useHashRoute } from './ui/use-hash-route'

type ShellProps = {
  session: Session
  brandId: string | null
  onPickBrand: (brandId: string) => void
  onSignOut: () => void
}

/** Header (brand, sign-out), navigation and the current page; focus moves to the page's heading. */
export function DashboardShell({ session, brandId, onPickBrand, onSignOut }: ShellProps) {
  const route = useHashRoute()
  const main = useRef<HTMLElement>(null)
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    main.current?.querySelector<HTMLElement>('h1')?.focus()
  }, [route.page, route.rest.join('/')])

  return (
    <>
      <button type="button" class="skip" onClick={() => main.current?.querySelector('h1')?.focus()}>
        Skip to content
      </button>
      <header class="top">
        <span class="logo">loyaltykit</span>
        {session.kind === 'operator' ? (
          <BrandPicker brandId={brandId} onPick={onPickBrand} />
        ) : (
          <span class="brand-id" title="Your brand">
            {brandId}
          </span>
        )}
        <span class="who">{session.kind === 'operator' ? 'Operator' : 'Brand key'}</span>
        <button type="button" class="secondary" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <nav aria-label="Pages">
        <ul>
          {PAGES.map((p) => (
            <li key={p.id}>
              <a href={hrefOf(p.id)} aria-current={route.page === p.id ? 'page' : undefined}>
                {p.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" ref={main}>
        {brandId ? <CurrentPage route={route} brandId={brandId} /> : <p role="status">Pick a brand.</p>}
      </main>
    </>
  )
}

function CurrentPage({ route, brandId }: { route: Route; brandId: string }) {
  switch (route.page) {
    case 'rules':
      return <RulesPage brandId={brandId} />
    case 'members':
      return <MembersPage brandId={brandId} wallet={route.rest[0]} />
    case 'webhooks':
      return <WebhooksPage brandId={brandId} />
    case 'pipeline':
      return <PipelinePage brandId={brandId} />
    case 'perks':
      return <PerksPage brandId={brandId} />
    default:
      return <OverviewPage brandId={brandId} />
  }
}
