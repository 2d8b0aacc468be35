import type { Command } from '../command'
import { parseNumberOption, requireOption } from '../parse-options'
import { withDataRuntime } from '../with-data-runtime'
import { writeJson } from '../write-json'

const path = ['streak', 'restore']

export const streakRestoreCommand: Command = {
  path,
  summary: "Restore a site user's check-in streak (support; audit-logged)",
  help: `--brand ID --user USER_ID --days N --reason TEXT [--actor NAME] [--json]

Sets the site user's streak to N days, alive (the next check-in makes it N+1); when the streak had
broken and the user started again, the restored streak rejoins the broken run, so its claimed
milestones stay claimed. Every restore is written to the audit log with its reason
(docs/site-plugin.md#streak-rules).

Options:
  --brand ID       brandId (required)
  --user USER_ID   The site's user id (required)
  --days N         The streak's length after the restore (required)
  --reason TEXT    Why, for the audit log (required)
  --actor NAME     Who restores, for the audit log (default: cli)
  --json           Print {"streak", "audit"} as JSON
  -h, --help       Show this help`,
  options: {
    brand: { type: 'string' },
    user: { type: 'string' },
    days: { type: 'string' },
    reason: { type: 'string' },
    actor: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, io }) {
    const v = values as Record<string, string | boolean | undefined>
    const brandId = requireOption(v.brand as string | undefined, 'brand', path)
    const userId = requireOption(v.user as string | undefined, 'user', path)
    const days = parseNumberOption(requireOption(v.days as string | undefined, 'days', path), 'days', path, {
      integer: true,
    }) as number
    const reason = requireOption(v.reason as string | undefined, 'reason', path)
    const actor = v.actor as string | undefined
    const result = await withDataRuntime(io, (rt) =>
      rt.engine.site.restoreStreak({ brandId, userId, days, reason, ...(actor !== undefined ? { actor } : {}) }),
    )
    if (v.json) writeJson(io.stdout, result)
    else
      io.stdout.write(
        `Streak of ${userId} restored from ${result.audit.fromStreak} to ${result.streak.currentStreak} days (audit ${result.audit.id}).\n`,
      )
    return 0
  },
}
