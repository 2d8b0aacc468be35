import { adminApi } from '../api/admin-api'
import { formatNumber } from '../ui/format'
import { LoadState } from '../ui/status-line'
import { useLoad } from '../ui/use-load'

/** The brand's perks (NFT collections bought with points). */
export function PerksPage({ brandId }: { brandId: string }) {
  const perks = useLoad(() => adminApi.perks(brandId), [brandId])
  const list = perks.data?.data ?? []
  return (
    <>
      <h1 tabIndex={-1}>Perks</h1>
      <LoadState loaded={perks} what="the perks" />
      {perks.data && list.length === 0 && <p class="muted">No perk yet.</p>}
      {list.length > 0 && (
        <div class="table-wrap">
          <table id="perks">
            <thead>
              <tr>
                <th scope="col">Perk</th>
                <th scope="col">Price</th>
                <th scope="col">Claimed</th>
                <th scope="col">Supply</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.map((p, i) => (
                <tr key={p.collectionId ?? p.id ?? i}>
                  <th scope="row">{p.name}</th>
                  <td class="num">{p.price === undefined ? '—' : formatNumber(p.price)}</td>
                  <td class="num">{p.claimed ?? '—'}</td>
                  <td class="num">{p.maxSupply ?? '∞'}</td>
                  <td>{p.status ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
