// Writes the variables tables of docs/configuration.md from the configuration schema
// (src/config/*-section.ts): name, type, default, meaning, one table per section. Only the text
// between the GENERATED markers changes; the prose around it is kept. Run: pnpm docs:config
// test/config-docs.test.ts regenerates in memory and fails when the committed document is stale.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { CONFIG_SECTIONS } from '../src/config/config-sections'
import type { EnvValueMeta } from '../src/config/env-value'

const repoDir = resolve(fileURLToPath(import.meta.url), '../../../..')
export const CONFIGURATION_DOC = resolve(repoDir, 'docs/configuration.md')

const BEGIN = '<!-- BEGIN GENERATED: variables (pnpm docs:config writes this from src/config/*-section.ts) -->'
const END = '<!-- END GENERATED: variables -->'

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** The generated part: a heading, a summary and a table per section. */
export function renderVariables(): string {
  const parts: string[] = []
  for (const section of Object.values(CONFIG_SECTIONS)) {
    parts.push(
      `### ${section.title}`,
      '',
      section.summary,
      '',
      '| Variable | Type | Default | Meaning |',
      '| --- | --- | --- | --- |',
    )
    for (const [name, schema] of Object.entries(section.variables)) {
      const meta = z.globalRegistry.get(schema) as EnvValueMeta | undefined
      if (!meta?.description) throw new Error(`${name} has no description: add .describe() in its section`)
      const type = meta.secret ? `${meta.type}, secret` : meta.type
      parts.push(`| \`${name}\` | ${cell(type)} | ${cell(meta.default ?? 'unset')} | ${cell(meta.description)} |`)
    }
    parts.push('')
  }
  return parts.join('\n')
}

/** Markdown as `pnpm format` (Biome) writes it: padded table columns (also docs/mcp.md's table). */
export function biomeFormat(markdown: string, path = CONFIGURATION_DOC): string {
  const biome = resolve(repoDir, 'node_modules/@biomejs/biome/bin/biome')
  return execFileSync(process.execPath, [biome, 'format', `--stdin-file-path=${path}`], {
    cwd: repoDir,
    input: markdown,
    encoding: 'utf8',
  })
}

/** `markdown` with the text between the GENERATED markers replaced by renderVariables(), formatted. */
export function generateConfigDocs(markdown: string): string {
  const start = markdown.indexOf(BEGIN)
  const end = markdown.indexOf(END)
  if (start < 0 || end < start) throw new Error(`docs/configuration.md lacks the markers ${BEGIN} … ${END}`)
  return biomeFormat(`${markdown.slice(0, start + BEGIN.length)}\n\n${renderVariables()}\n${markdown.slice(end)}`)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(CONFIGURATION_DOC, generateConfigDocs(readFileSync(CONFIGURATION_DOC, 'utf8')))
  console.log(`wrote ${CONFIGURATION_DOC}`)
}
