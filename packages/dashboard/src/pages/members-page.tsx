import { useState } from 'preact/hooks'
import { adminApi } from '../api/admin-api'
import type { MemberSummary } from '../api/admin-types'
import { formatNumber, formatTime, shortHex } from '../ui/format'
import { ErrorLine, LoadState } from '../ui/status-line'
import { hrefOf } from '../ui/use-hash-route'
import { useLoad } from '../ui/use-load'

/** Member lookup by email, user key or wallet; `wallet` (from the URL) opens one member. */
export function MembersPage({ brandId, wallet }: { brandId: string; wallet: string | undefined }) {
  return (
    <>
      <h1 tabIndex={-1}>Members</h1>
      <MemberSearch brandId={brandId} />
      {wallet && <MemberDetail key={wallet} brandId={brandId} wallet={wallet} />}
    </>
  )
}

function MemberSearch({ brandId }: { brandId: string }) {
  const [q, setQ] = useState('')
  const [found, setFound] = useState<MemberSummary[]>()
  const [error, setError] = useState<Error>()
  const submit = async (e: Event) => {
    e.preventDefault()
    setError(undefined)
    try {
      const page = await adminApi.members(brandId, q.trim())
      setFound(page.data)
      if (page.data.length === 1 && page.data[0]) location.hash = hrefOf('members', page.data[0].walletAddress)
    } catch (err) {
      setError(err as Error)
    }
  }
  return (
    <form class="card" onSubmit={submit} aria-label="Find a member">
      <label for="member-q">Email, user key or wallet address</label>
      <div class="inline">
        <input id="member-q" required value={q} onInput={(e) => setQ(e.currentTarget.value)} />
        <button type="submit">Find</button>
      </div>
      <ErrorLine error={error} />
      {found && found.length === 0 && <p role="status">No member matches.</p>}
      {found && found.length > 1 && (
        <ul class="results">
          {found.map((m) => (
            <li key={m.walletAddress}>
              <a href={hrefOf('members', m.walletAddress)}>{m.userKey ?? m.walletAddress}</a>{' '}
              <span class="muted mono">{shortHex(m.walletAddress)}</span>
            </li>
          ))}
        </ul>
      )}
    </form>
  )
}

function MemberDetail({ brandId, wallet }: { brandId: string; wallet: string }) {
  const member = useLoad(() => adminApi.member(brandId, wallet), [brandId, wallet])
  const m = member.data
  return (
    <section class="card" aria-labelledby="member-title" id="member-detail">
      <h2 id="member-title">{m?.email ?? shortHex(wallet)}</h2>
      <LoadState loaded={member} what="the member" />
      {m && (
        <>
          <dl class="facts">
            <dt>Wallet</dt>
            <dd class="mono">
              {m.explorerUrl ? (
                <a href={m.explorerUrl} rel="noopener noreferrer" target="_blank">
                  {m.walletAddress}
                </a>
              ) : (
                m.walletAddress
              )}
            </dd>
            <dt>Balance</dt>
            <dd id="member-balance">{m.balance === undefined ? '—' : `${formatNumber(m.balance)} tokens`}</dd>
            {Object.entries(m.totals ?? {}).map(([k, v]) => (
              <>
                <dt key={`t-${k}`}>{k}</dt>
                <dd key={`v-${k}`}>{formatNumber(v)}</dd>
              </>
            ))}
          </dl>
          <h3>History</h3>
          <div class="table-wrap">
            <table id="member-history">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Source</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Proof</th>
                </tr>
              </thead>
              <tbody>
                {m.history.map((h, i) => (
                  <tr key={h.id ?? i}>
                    <td>{formatTime(h.createdAt)}</td>
                    <td>{h.kind}</td>
                    <td>{h.source?.type ?? '—'}</td>
                    <td class="num">{formatNumber(h.amount)}</td>
                    <td class="mono">
                      {h.explorerUrl ? (
                        <a href={h.explorerUrl} rel="noopener noreferrer" target="_blank">
                          {shortHex(h.transactionHash ?? 'explorer')}
                        </a>
                      ) : h.transactionHash ? (
                        shortHex(h.transactionHash)
                      ) : (
                        (h.status ?? '—')
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  )
}
