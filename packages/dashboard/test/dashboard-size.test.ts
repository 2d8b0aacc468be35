import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDashboard } from './helpers/build-dashboard'

/** The budget of issue 17: the dashboard's JavaScript, minified and gzipped, at most 150 KB. */
const BUDGET = 150 * 1024
let built: Awaited<ReturnType<typeof buildDashboard>>
const read = (file: string) => readFileSync(join(built.dir, file))

describe('the built dashboard', () => {
  beforeAll(async () => {
    built = await buildDashboard()
  })
  afterAll(() => built?.remove())

  it('is one script within 150 KB gzipped, a stylesheet and a page', () => {
    const js = gzipSync(read('dashboard.js'), { level: 9 }).length
    const css = gzipSync(read('dashboard.css'), { level: 9 }).length
    console.log(
      `dashboard.js: ${read('dashboard.js').length} B minified, ${js} B gzipped; dashboard.css: ${css} B gzipped`,
    )
    expect(js).toBeGreaterThan(5_000) // Preact and the pages are in it
    expect(js).toBeLessThanOrEqual(BUDGET)
  })

  it('loads nothing from elsewhere: the page names only its own two files, the script imports nothing', () => {
    const html = read('index.html').toString()
    const urls = [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1])
    // data:, as the icon: no /favicon.ico request
    expect(urls.sort()).toEqual(['/dashboard/dashboard.css', '/dashboard/dashboard.js', 'data:,'])
    expect(html).not.toMatch(/<style|style=|<script>/) // nothing inline: the CSP allows none
    const js = read('dashboard.js').toString()
    expect(js).not.toMatch(/\bimport\s*[("'{]|\bimport\s+\w+\s+from|https?:\/\/(?!www\.w3\.org)/)
    expect(js).toContain('/admin/v1')
  })
})
