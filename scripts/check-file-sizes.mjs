#!/usr/bin/env node
// Fails (exit 1) listing every source file over 12 KB: a file that big usually holds two ideas
// (docs/architecture.md, "Files under 12 KB"); split it by idea, not at a line count.
// Source files are the repository's files (git's tracked and not-ignored ones; a walk of the tree
// when git is not there) under SOURCE_FOLDERS with one of SOURCE_EXTENSIONS, tests included, except
// node_modules, dist and generated code. Run by `npm test`.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** 12 KB: the house limit for one source file. */
export const MAX_SOURCE_FILE_BYTES = 12 * 1024

const SOURCE_EXTENSIONS = ['.ts', '.mjs', '.js', '.sol', '.php']

/** The folders that hold source: the packages, the examples and the repository's own scripts. */
const SOURCE_FOLDERS = ['packages/', 'examples/', 'scripts/']

/** Folders never looked into, wherever they are: dependencies, build output, generated code. */
const EXCLUDED_FOLDERS = ['node_modules', 'dist', 'generated']

/**
 * Generated files outside a `generated/` folder, which nobody edits by hand and which are as big as
 * what they describe (the contracts' ABIs, in packages/contracts/src/generated/, are skipped with
 * that folder). Each entry is a path from the repository root.
 */
const GENERATED_FILES = [
  // The SDK's wire types, written from the engine's zod schemas by
  // packages/sdk/scripts/generate-wire-types.ts (`pnpm --filter @loyaltykit/sdk generate:wire-types`).
  'packages/sdk/src/types/wire.ts',
]

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', '.tools', '.loyaltykit', 'coverage', 'tmp'])

/** Whether `path` (relative, `/`-separated) is a non-generated source file this check measures. */
export function isCheckedSourceFile(path) {
  const folders = path.split('/').slice(0, -1)
  return (
    SOURCE_FOLDERS.some((folder) => path.startsWith(folder)) &&
    SOURCE_EXTENSIONS.some((extension) => path.endsWith(extension)) &&
    !folders.some((folder) => EXCLUDED_FOLDERS.includes(folder)) &&
    !GENERATED_FILES.includes(path)
  )
}

/** The repository's files (relative, `/`-separated): git's list when there is one, else a walk. */
export function listRepositoryFiles(root) {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    })
    // --cached still lists a file deleted from the work tree but not yet from the index.
    return out.split('\0').filter((path) => path !== '' && existsSync(join(root, path)))
  } catch {
    const files = []
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) {
          if (!SKIPPED_FOLDERS.has(entry.name)) walk(join(dir, entry.name))
        } else if (entry.isFile()) {
          files.push(relative(root, join(dir, entry.name)).split(sep).join('/'))
        }
      }
    }
    walk(root)
    return files
  }
}

/** Every non-generated source file among `files` over `maxBytes`, largest first. */
export function findOversizedSourceFiles(root, files, maxBytes = MAX_SOURCE_FILE_BYTES) {
  return files
    .filter(isCheckedSourceFile)
    .map((path) => ({ path, bytes: statSync(join(root, path)).size }))
    .filter((file) => file.bytes > maxBytes)
    .sort((a, b) => b.bytes - a.bytes || a.path.localeCompare(b.path))
}

/** `node scripts/check-file-sizes.mjs [root]`: the repository this script is in by default. */
function main() {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'))
  const oversized = findOversizedSourceFiles(root, listRepositoryFiles(root))
  if (oversized.length === 0) return
  process.stderr.write(
    `${oversized.length} source file(s) over ${MAX_SOURCE_FILE_BYTES} bytes; split each by idea (one concept per file, a test file per theme with shared setup in a helper):\n`,
  )
  for (const file of oversized) process.stderr.write(`  ${file.path}  ${file.bytes} bytes\n`)
  process.exitCode = 1
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
