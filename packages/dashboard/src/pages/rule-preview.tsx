import { useState } from 'preact/hooks'
import { adminApi } from '../api/admin-api'
import type { RulePreview as Preview, Rule } from '../api/admin-types'
import { ErrorLine } from '../ui/status-line'

/** Eligibility preview: would this event be rewarded now for this member, and if not why (no write). */
export function RulePreview({ brandId, rules }: { brandId: string; rules: Rule[] }) {
  const [eventType, setEventType] = useState(rules[0]?.eventType ?? '')
  const [member, setMember] = useState('')
  const [answer, setAnswer] = useState<Preview>()
  const [error, setError] = useState<Error>()

  const submit = async (e: Event) => {
    e.preventDefault()
    setError(undefined)
    setAnswer(undefined)
    const who = member.trim()
    try {
      setAnswer(await adminApi.previewRule(brandId, eventType, { userEmail: who }))
    } catch (err) {
      setError(err as Error)
    }
  }

  const yes = answer?.eligible === true
  return (
    <form class="card" onSubmit={submit} aria-labelledby="preview-title">
      <h2 id="preview-title">Eligibility preview</h2>
      <div class="grid">
        <div class="field">
          <label for="preview-rule">Rule</label>
          <select id="preview-rule" value={eventType} onChange={(e) => setEventType(e.currentTarget.value)}>
            {rules.map((r) => (
              <option key={r.eventType} value={r.eventType}>
                {r.eventType}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="preview-member">Member email</label>
          <input
            id="preview-member"
            type="email"
            required
            value={member}
            onInput={(e) => setMember(e.currentTarget.value)}
          />
        </div>
      </div>
      <button type="submit" disabled={eventType === ''}>
        Preview
      </button>
      <ErrorLine error={error} />
      {answer && (
        <p class={yes ? 'ok' : 'warn'} role="status" id="preview-answer">
          {yes
            ? `Would be rewarded ${answer.rewardAmount} tokens now.`
            : `Would not be rewarded now: ${answer.reasons.map((r) => r.message).join('; ') || 'not eligible'}`}
        </p>
      )}
    </form>
  )
}
