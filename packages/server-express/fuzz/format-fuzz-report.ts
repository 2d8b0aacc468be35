import type { FuzzReport } from './run-fuzz'

const classes = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, n]) => `${s}×${n}`)
    .join(' ')

/** The report `pnpm fuzz` prints: counts by status, by route and by breakage, the slowest answers, the failures. */
export function formatFuzzReport(r: FuzzReport): string {
  const lines = [
    `fuzz: ${r.requests} requests to ${r.routes.length} routes in ${r.seconds} s (seed ${r.seed})`,
    `by status: ${classes(r.byStatus)}`,
    '',
    'by route:',
    ...Object.entries(r.byRoute)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, c]) => `  ${route.padEnd(52)} ${classes(c)}`),
    '',
    'by breakage:',
    ...Object.entries(r.byMutation)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([m, c]) => `  ${m.padEnd(20)} ${classes(c)}`),
    '',
    'slowest answers:',
    ...r.slowest.map((s) => `  ${String(s.ms).padStart(8)} ms  ${s.status}  ${s.route}  (${s.mutation})`),
    '',
    `failures: ${r.failures.length}`,
    ...r.failures.map(
      (f) =>
        `  ${f.route} (${f.mutation}) ${f.request}: ${f.problem}${f.sent ? `\n    sent: ${f.sent}` : ''}${f.body ? `\n    body: ${f.body}` : ''}`,
    ),
  ]
  return lines.join('\n')
}
