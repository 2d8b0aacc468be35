/** One scrape of a Prometheus text exposition, parsed into samples. */
export type Scrape = {
  status: number
  text: string
  /**
   * The sum of the samples named `name` whose labels include `labels` (all of them when none are
   * given); undefined when no sample matches.
   */
  value(name: string, labels?: Record<string, string>): number | undefined
  /** Every label set of the samples named `name`. */
  labelsOf(name: string): Record<string, string>[]
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g

/** Parses an exposition (as served by prom-client). */
function parseMetrics(status: number, text: string): Scrape {
  const samples: { name: string; labels: Record<string, string>; value: number }[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const m = SAMPLE.exec(line)
    if (!m) throw new Error(`not a sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, k, v] of (m[2] ?? '').matchAll(LABEL)) labels[k as string] = (v as string).replace(/\\(.)/g, '$1')
    samples.push({ name: m[1] as string, labels, value: Number(m[3]) })
  }
  const matching = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
  return {
    status,
    text,
    value(name, labels) {
      const found = matching(name, labels)
      return found.length === 0 ? undefined : found.reduce((sum, s) => sum + s.value, 0)
    },
    labelsOf: (name) => matching(name).map((s) => s.labels),
  }
}

/** GET `<base>/metrics` (with a bearer token when given) and parse it (an empty scrape when not 200). */
export async function scrapeMetrics(base: string, token?: string): Promise<Scrape> {
  const res = await fetch(`${base}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {})
  const text = await res.text()
  return res.status === 200 ? parseMetrics(res.status, text) : parseMetrics(res.status, '')
}

/** The growth of one metric (summed over the samples whose labels include `labels`) between scrapes. */
export function grew(before: Scrape, after: Scrape, name: string, labels?: Record<string, string>): number {
  return (after.value(name, labels) ?? 0) - (before.value(name, labels) ?? 0)
}
