import { useState } from 'preact/hooks'
import { adminApi } from '../api/admin-api'
import type { Rule } from '../api/admin-types'
import { formatNumber } from '../ui/format'
import { ErrorLine, LoadState } from '../ui/status-line'
import { useLoad } from '../ui/use-load'
import { RuleForm } from './rule-form'
import { RulePreview } from './rule-preview'

/** The brand's event rules: edit, create, disable, and an eligibility preview. */
export function RulesPage({ brandId }: { brandId: string }) {
  const rules = useLoad(() => adminApi.rules(brandId), [brandId])
  const [editing, setEditing] = useState<string | 'new' | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const [error, setError] = useState<Error>()
  const list = rules.data?.data ?? []
  const edited = list.find((r) => r.eventType === editing)

  const done = (message: string) => {
    setEditing(null)
    setSaved(message)
    rules.reload()
  }
  const disable = async (rule: Rule) => {
    setError(undefined)
    try {
      await adminApi.disableRule(brandId, rule.eventType)
      done(`${rule.eventType} disabled.`)
    } catch (err) {
      setError(err as Error)
    }
  }

  return (
    <>
      <h1 tabIndex={-1}>Rules</h1>
      <LoadState loaded={rules} what="the rules" />
      {saved && (
        <p class="ok" role="status">
          {saved}
        </p>
      )}
      <ErrorLine error={error} />
      {rules.data && (
        <div class="table-wrap">
          <table id="rules-table">
            <caption class="sr-only">Event rules</caption>
            <thead>
              <tr>
                <th scope="col">Event type</th>
                <th scope="col">Reward</th>
                <th scope="col">Claims</th>
                <th scope="col">Cooldown</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.eventType} data-event-type={r.eventType}>
                  <th scope="row">{r.eventType}</th>
                  <td class="num">{formatNumber(r.rewardAmount)}</td>
                  <td class="num">{r.maxClaims === -1 || r.maxClaims >= 999999 ? 'unlimited' : r.maxClaims}</td>
                  <td class="num">{r.cooldownHours} h</td>
                  <td>{r.enabled ? 'enabled' : 'disabled'}</td>
                  <td class="actions">
                    <button type="button" class="secondary" onClick={() => setEditing(r.eventType)}>
                      Edit<span class="sr-only"> {r.eventType}</span>
                    </button>
                    {r.enabled && (
                      <button type="button" class="secondary" onClick={() => disable(r)}>
                        Disable<span class="sr-only"> {r.eventType}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing === null && (
        <button type="button" onClick={() => setEditing('new')}>
          New rule
        </button>
      )}
      {editing === 'new' && (
        <RuleForm
          onCancel={() => setEditing(null)}
          onSave={async ({ eventType, ...change }) => {
            await adminApi.createRule(brandId, { ...change, eventType, rewardAmount: change.rewardAmount ?? 0 })
            done(`${eventType} created.`)
          }}
        />
      )}
      {edited && (
        <RuleForm
          key={edited.eventType}
          rule={edited}
          onCancel={() => setEditing(null)}
          onSave={async ({ eventType: _type, ...change }) => {
            await adminApi.updateRule(brandId, edited.eventType, change)
            done(`${edited.eventType} saved.`)
          }}
        />
      )}
      {list.length > 0 && <RulePreview brandId={brandId} rules={list.filter((r) => r.enabled)} />}
    </>
  )
}
