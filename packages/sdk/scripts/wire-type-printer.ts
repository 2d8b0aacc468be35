// The TypeScript type printer of the SDK's generators (generate-wire-types.ts, generate-agent-tools.ts):
// expands a checker's type into a plain declaration (no zod, no engine), with the schemas' doc comments,
// formatted as the repository's Biome formats it.
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const pkgDir = resolve(fileURLToPath(import.meta.url), '../..')
const repoDir = resolve(pkgDir, '../..')

export function compilerOptions(): ts.CompilerOptions {
  const configPath = resolve(pkgDir, 'tsconfig.json')
  const config = ts.readConfigFile(configPath, ts.sys.readFile)
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, pkgDir, undefined, configPath)
  return { ...parsed.options, noEmit: true }
}

export function docComment(text: string, indent: string): string {
  if (!text.trim()) return ''
  const lines = text.trim().split('\n')
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`
  return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n')}\n${indent} */\n`
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

export class Printer {
  constructor(
    private readonly checker: ts.TypeChecker,
    /** Types that have a name in the output: printed by name wherever they recur. */
    private readonly names: Map<ts.Type, string>,
  ) {}

  print(type: ts.Type, indent: string, self?: string): string {
    const named = this.names.get(type)
    if (named !== undefined && named !== self) return named
    const f = type.flags
    if (f & ts.TypeFlags.Any) return 'any'
    if (f & ts.TypeFlags.Unknown) return 'unknown'
    if (f & ts.TypeFlags.String) return 'string'
    if (f & ts.TypeFlags.Number) return 'number'
    if (f & ts.TypeFlags.Boolean) return 'boolean'
    if (f & ts.TypeFlags.BigInt) return 'bigint'
    if (f & ts.TypeFlags.Null) return 'null'
    if (f & ts.TypeFlags.Undefined) return 'undefined'
    if (f & ts.TypeFlags.Never) return 'never'
    if (f & ts.TypeFlags.BooleanLiteral) return this.checker.typeToString(type)
    if (type.isStringLiteral()) return JSON.stringify(type.value)
    if (type.isNumberLiteral()) return String(type.value)
    if (type.isUnion()) return this.union(type, indent)
    if (this.checker.isArrayType(type)) {
      const [element] = this.checker.getTypeArguments(type as ts.TypeReference)
      if (!element) throw new Error('array without an element type')
      const inner = this.print(element, indent)
      return element.isUnion() && !this.names.has(element) ? `(${inner})[]` : `${inner}[]`
    }
    if (this.checker.isTupleType(type)) throw new Error('tuple types are not supported on the wire')
    if (f & ts.TypeFlags.Object || type.isIntersection()) return this.object(type, indent)
    throw new Error(`unsupported type ${this.checker.typeToString(type)}`)
  }

  private union(type: ts.UnionType, indent: string): string {
    const members = type.types
    const hasTrue = members.some(
      (m) => m.flags & ts.TypeFlags.BooleanLiteral && this.checker.typeToString(m) === 'true',
    )
    const hasFalse = members.some(
      (m) => m.flags & ts.TypeFlags.BooleanLiteral && this.checker.typeToString(m) === 'false',
    )
    const parts: string[] = []
    if (hasTrue && hasFalse) parts.push('boolean')
    const trailing: string[] = []
    for (const m of members) {
      if (hasTrue && hasFalse && m.flags & ts.TypeFlags.BooleanLiteral) continue
      const printed = this.print(m, indent)
      if (m.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) trailing.push(printed)
      else parts.push(printed)
    }
    trailing.sort((a, b) => (a === 'null' ? -1 : b === 'null' ? 1 : 0))
    return [...parts, ...trailing].join(' | ')
  }

  private object(type: ts.Type, indent: string): string {
    const props = this.sortedProperties(type)
    const indexInfos = this.checker.getIndexInfosOfType(type)
    if (props.length === 0 && indexInfos.length === 1 && indexInfos[0]) {
      const info = indexInfos[0]
      return `Record<${this.print(info.keyType, indent)}, ${this.print(info.type, indent)}>`
    }
    if (props.length === 0 && indexInfos.length === 0) {
      if (this.checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0) {
        throw new Error('function types are not supported on the wire')
      }
      return '{}'
    }
    const inner = `${indent}  `
    const lines: string[] = []
    for (const prop of props) {
      const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0
      const name = IDENTIFIER.test(prop.name) ? prop.name : JSON.stringify(prop.name)
      const doc = ts.displayPartsToString(prop.getDocumentationComment(this.checker))
      const propType = this.checker.getTypeOfSymbol(prop)
      lines.push(`${docComment(doc, inner)}${inner}${name}${optional ? '?' : ''}: ${this.print(propType, inner)}`)
    }
    for (const info of indexInfos) {
      lines.push(`${inner}[key: ${this.print(info.keyType, inner)}]: ${this.print(info.type, inner)}`)
    }
    return `{\n${lines.join('\n')}\n${indent}}`
  }

  /** Properties in the order the schema declares them (zod's inferred types list required keys first). */
  private sortedProperties(type: ts.Type): ts.Symbol[] {
    const props = this.checker.getPropertiesOfType(type)
    const position = (s: ts.Symbol) => {
      const d = s.declarations?.[0]
      return d ? [d.getSourceFile().fileName, d.pos] : undefined
    }
    return props
      .map((symbol, index) => ({ symbol, index, at: position(symbol) }))
      .sort((a, b) => {
        if (a.at && b.at && a.at[0] === b.at[0]) return (a.at[1] as number) - (b.at[1] as number)
        return a.index - b.index
      })
      .map((p) => p.symbol)
  }
}

/** Formats like `pnpm biome check --write` would (the repository's biome.json), so the file stays stable. */
export function biomeFormat(code: string, filePath: string): string {
  const biome = resolve(repoDir, 'node_modules/@biomejs/biome/bin/biome')
  return execFileSync(process.execPath, [biome, 'format', `--stdin-file-path=${filePath}`], {
    cwd: repoDir,
    input: code,
    encoding: 'utf8',
  })
}
