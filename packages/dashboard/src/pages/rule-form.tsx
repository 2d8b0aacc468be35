import { useState } from 'preact/hooks'
import type { Rule, RuleChange } from '../api/admin-types'
import { NumberField } from '../ui/number-field'
import { ErrorLine } from '../ui/status-line'

type RuleFormProps = {
  /** The rule edited; absent: a new rule (with an event type field). */
  rule?: Rule
  onSave: (change: RuleChange & { eventType: string }) => Promise<void>
  onCancel: () => void
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')

/** The fields of one rule: reward, claims, cooldown, total cap, URL patterns, success selectors. */
export function RuleForm({ rule, onSave, onCancel }: RuleFormProps) {
  const id = rule ? `rule-${rule.eventType}` : 'rule-new'
  const [eventType, setEventType] = useState(rule?.eventType ?? '')
  const [reward, setReward] = useState(String(rule?.rewardAmount ?? ''))
  const [maxClaims, setMaxClaims] = useState(String(rule?.maxClaims ?? 1))
  const [cooldown, setCooldown] = useState(String(rule?.cooldownHours ?? 24))
  const [maxTotal, setMaxTotal] = useState(rule?.maxTotalClaims == null ? '' : String(rule.maxTotalClaims))
  const [patterns, setPatterns] = useState((rule?.detectionConfig.urlPatterns ?? []).join('\n'))
  const [selectors, setSelectors] = useState((rule?.detectionConfig.successSelectors ?? []).join('\n'))
  const [enabled, setEnabled] = useState(rule?.enabled ?? true)
  const [error, setError] = useState<Error>()
  const [busy, setBusy] = useState(false)

  const submit = async (e: Event) => {
    e.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      await onSave({
        eventType: eventType.trim(),
        rewardAmount: Number(reward),
        maxClaims: Number(maxClaims),
        cooldownHours: Number(cooldown),
        maxTotalClaims: maxTotal.trim() === '' ? null : Number(maxTotal),
        urlPatterns: lines(patterns),
        successSelectors: lines(selectors),
        enabled,
      })
    } catch (err) {
      setError(err as Error)
    } finally {
      setBusy(false)
    }
  }

  const field = (name: string) => `${id}-${name}`
  return (
    <form class="card rule-form" onSubmit={submit} aria-label={rule ? `Edit ${rule.eventType}` : 'New rule'}>
      <h2>{rule ? `Edit ${rule.eventType}` : 'New rule'}</h2>
      {!rule && (
        <div class="field">
          <label for={field('type')}>Event type</label>
          <input
            id={field('type')}
            required
            pattern="[a-z0-9_]+"
            value={eventType}
            onInput={(e) => setEventType(e.currentTarget.value)}
          />
        </div>
      )}
      <div class="grid">
        <NumberField
          id={field('reward')}
          label="Reward (tokens)"
          min="0"
          step="1"
          required
          value={reward}
          onValue={setReward}
        />
        <NumberField
          id={field('max-claims')}
          label="Claims per member (−1: unlimited)"
          min="-1"
          step="1"
          value={maxClaims}
          onValue={setMaxClaims}
        />
        <NumberField
          id={field('cooldown')}
          label="Cooldown (hours)"
          min="0"
          step="any"
          value={cooldown}
          onValue={setCooldown}
        />
        <NumberField
          id={field('max-total')}
          label="Total claims cap (empty: none)"
          min="1"
          step="1"
          value={maxTotal}
          onValue={setMaxTotal}
        />
      </div>
      <div class="field">
        <label for={field('patterns')}>URL patterns (one a line)</label>
        <textarea
          id={field('patterns')}
          rows={3}
          value={patterns}
          onInput={(e) => setPatterns(e.currentTarget.value)}
        />
      </div>
      <div class="field">
        <label for={field('selectors')}>Success selectors (one a line)</label>
        <textarea
          id={field('selectors')}
          rows={2}
          value={selectors}
          onInput={(e) => setSelectors(e.currentTarget.value)}
        />
      </div>
      <div class="field check">
        <input
          id={field('enabled')}
          type="checkbox"
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        <label for={field('enabled')}>Enabled</label>
      </div>
      <ErrorLine error={error} />
      <div class="actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save rule'}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
