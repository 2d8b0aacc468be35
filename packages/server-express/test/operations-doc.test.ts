import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { createServerMetrics } from '../src/metrics/server-metrics'

const docs = (name: string) => fileURLToPath(new URL(`../../../docs/${name}`, import.meta.url))
const read = (name: string) => readFileSync(docs(name), 'utf8')

type Registered = { type: string; labels: string[] }

/** Every metric of a server's registry by name, with its type and label names. */
async function registeredMetrics(): Promise<Map<string, Registered>> {
  const { registry } = createServerMetrics()
  const out = new Map<string, Registered>()
  for (const m of await registry.getMetricsAsJSON()) {
    const metric = registry.getSingleMetric(m.name) as unknown as { labelNames?: string[] }
    out.set(m.name, { type: String(m.type), labels: [...(metric.labelNames ?? [])].sort() })
  }
  return out
}

/** The metric rows of docs/operations.md's "Every metric" tables: name, type and labels as written. */
function documentedRows(doc: string) {
  const section = doc.slice(doc.indexOf('## Every metric'), doc.indexOf('## Useful queries'))
  return section
    .split('\n')
    .filter((line) => /^\| `[a-z0-9_]+` /.test(line))
    .map((line) => {
      const cells = line.split(' | ').map((c) => c.replace(/^\| /, '').trim())
      return { name: (cells[0] ?? '').replaceAll('`', ''), type: cells[1] ?? '', labels: cells[2] ?? '' }
    })
}

/** The metric names a text mentions (not a family like `loyaltykit_db_pool_*`), histogram series (`_bucket`, `_sum`, `_count`) as their histogram. */
function metricNamesIn(text: string, registered: Map<string, Registered>): string[] {
  const names = new Set<string>()
  for (const [name] of text.matchAll(/\b(?:loyaltykit|process|nodejs)_[a-z0-9_]*[a-z0-9](?![\w*…])/g)) {
    const base = name.replace(/_(bucket|sum|count)$/, '')
    names.add(base !== name && registered.get(base)?.type === 'histogram' ? base : name)
  }
  return [...names]
}

describe('docs/operations.md and docs/grafana-dashboard.json against the metrics registry', () => {
  let registered: Map<string, Registered>
  beforeAll(async () => {
    registered = await registeredMetrics()
  })

  it('lists every metric of the registry once, and no metric the registry lacks', () => {
    const rows = documentedRows(read('operations.md'))
    const names = rows.map((r) => r.name)
    expect(new Set(names).size).toBe(names.length)
    for (const name of registered.keys()) expect(names, `${name} is not documented`).toContain(name)
    // prom-client's process metrics differ by platform; ours must match exactly.
    const ours = (list: Iterable<string>) => [...list].filter((n) => n.startsWith('loyaltykit_')).sort()
    expect(ours(names)).toEqual(ours(registered.keys()))
    for (const name of names.filter((n) => !registered.has(n))) {
      expect(name, `${name} is documented but not registered`).toMatch(/^process_/)
    }
  })

  it('gives each loyaltykit metric its type and its labels', () => {
    for (const row of documentedRows(read('operations.md')).filter((r) => r.name.startsWith('loyaltykit_'))) {
      const metric = registered.get(row.name)
      expect(row.type, row.name).toBe(metric?.type)
      const labels = row.labels === '—' ? [] : [...row.labels.matchAll(/`(\w+)`/g)].map((m) => m[1]).sort()
      expect(labels, row.name).toEqual(metric?.labels)
    }
  })

  it('names only registered metrics in its queries, and so does production.md', () => {
    const documented = documentedRows(read('operations.md')).map((r) => r.name)
    for (const doc of ['operations.md', 'production.md']) {
      const mentioned = metricNamesIn(read(doc), registered)
      expect(mentioned.length, doc).toBeGreaterThan(5)
      // prom-client's process metrics a platform lacks (process_open_fds off Linux) may still be named.
      const known = (name: string) => registered.has(name) || (/^process_/.test(name) && documented.includes(name))
      for (const name of mentioned) expect(known(name), `${doc} names ${name}`).toBe(true)
    }
  })

  it('the Grafana dashboard is valid JSON whose panels query registered metrics, every loyaltykit metric among them', () => {
    const dashboard = JSON.parse(read('grafana-dashboard.json')) as {
      uid: string
      panels: { id: number; type: string; title: string; targets?: { expr: string; refId: string }[] }[]
      templating: { list: { name: string }[] }
    }
    expect(dashboard.uid).toBe('loyaltykit')
    const ids = dashboard.panels.map((p) => p.id)
    expect(new Set(ids).size).toBe(ids.length)
    const queried = new Set<string>()
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0)
      for (const target of panel.targets ?? []) {
        // Every query is scoped to the dashboard's job variable.
        expect(target.expr, panel.title).toContain('job=~"$job"')
        for (const name of metricNamesIn(target.expr, registered)) {
          expect(registered.has(name), `panel "${panel.title}" queries ${name}`).toBe(true)
          queried.add(name)
        }
      }
    }
    expect(dashboard.templating.list.map((v) => v.name)).toEqual(['job'])
    const ours = [...registered.keys()].filter((n) => n.startsWith('loyaltykit_'))
    expect(ours.filter((n) => !queried.has(n))).toEqual([])
  })
})
