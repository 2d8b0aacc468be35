import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CONFIGURATION_DOC, generateConfigDocs, renderVariables } from '../scripts/generate-config-docs'
import { CONFIG_SECTIONS } from '../src/config/config-sections'

describe('docs/configuration.md', () => {
  const doc = readFileSync(CONFIGURATION_DOC, 'utf8')

  it('holds the variables tables the configuration schema generates now (run `pnpm docs:config` when this fails)', () => {
    expect(generateConfigDocs(doc)).toBe(doc)
  })

  it('lists every variable of every section once, with its type, default and meaning', () => {
    const names = Object.values(CONFIG_SECTIONS).flatMap((s) => Object.keys(s.variables))
    const rows = renderVariables()
      .split('\n')
      .filter((line) => line.startsWith('| `'))
    expect(rows.map((r) => /^\| `([A-Z0-9_]+)`/.exec(r)?.[1])).toEqual(names)
    expect(new Set(names).size).toBe(names.length)
    for (const row of rows) expect(row.split(' | ').every((c) => c.trim() !== '')).toBe(true)
    expect(rows.find((r) => r.startsWith('| `LOYALTYKIT_MASTER_KEY`'))).toContain('secret')
  })

  it('keeps the hand-written prose around the generated tables', () => {
    const changed = generateConfigDocs(doc.replace(/\| `PORT` +\|/, '| `PORT_RENAMED` |'))
    expect(changed).toBe(doc)
    expect(doc).toContain('## The `.env` file')
    expect(doc).toContain('## Master key')
    expect(() => generateConfigDocs('# no markers')).toThrow(/lacks the markers/)
  })

  it('fails for a variable without a description', () => {
    const bare = z.string()
    const section = CONFIG_SECTIONS.minter.variables as Record<string, z.ZodType>
    section.UNDOCUMENTED = bare
    try {
      expect(() => renderVariables()).toThrow('UNDOCUMENTED has no description')
    } finally {
      delete section.UNDOCUMENTED
    }
  })
})
