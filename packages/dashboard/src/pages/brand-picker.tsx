import { useEffect } from 'preact/hooks'
import { adminApi } from '../api/admin-api'
import type { Brand } from '../api/admin-types'
import { ErrorLine } from '../ui/status-line'
import { useLoad } from '../ui/use-load'

/** The operator's brand picker (every brand, `GET /admin/v1/brands`); picks the first when none is. */
export function BrandPicker({ brandId, onPick }: { brandId: string | null; onPick: (id: string) => void }) {
  const brands = useLoad(() => adminApi.brands(), [])
  const list = (brands.data?.data ?? []).map((x) => ({ ...x, brandId: brandIdOf(x) }))
  useEffect(() => {
    const first = list[0]
    if (first && (brandId === null || !list.some((x) => x.brandId === brandId))) onPick(first.brandId)
  }, [list, brandId, onPick])
  if (brands.error) return <ErrorLine error={brands.error} />
  return (
    <div class="brand-picker">
      <label for="brand-picker">Brand</label>
      <select id="brand-picker" value={brandId ?? ''} onChange={(e) => onPick(e.currentTarget.value)}>
        {list.length === 0 && <option value="">{brands.loading ? 'Loading…' : 'No brand yet'}</option>}
        {list.map((x) => (
          <option key={x.brandId} value={x.brandId}>
            {x.name ? `${x.name} (${x.brandId})` : x.brandId}
          </option>
        ))}
      </select>
    </div>
  )
}

const brandIdOf = (brand: Brand): string => brand.brandId ?? brand.id ?? ''
