// Types of scripts/compile.mjs (used by test/artifacts.test.ts).

export interface CompiledArtifact {
  name: string
  source: string
  abi: readonly unknown[]
  bytecode: `0x${string}`
}

export interface CompileResult {
  artifacts: CompiledArtifact[]
  warnings: { severity: string; message: string; formattedMessage?: string }[]
  solcVersion: string
}

export declare const packageDir: string
export declare const contractsDir: string
export declare const generatedDir: string
export declare const compilerSettings: Readonly<{
  optimizer: { enabled: boolean; runs: number }
  evmVersion: string
  outputSelection: Record<string, Record<string, string[]>>
}>

export declare function camelName(contractName: string): string
export declare function compileContracts(): CompileResult
export declare function renderArtifacts(compiled: CompileResult): Map<string, string>
export declare function diffArtifacts(files: Map<string, string>, dir?: string): string[]
export declare function writeArtifacts(files: Map<string, string>, dir?: string): void
export declare function main(
  argv: readonly string[],
  options?: { compiled?: CompileResult; stdout?: (text: string) => void; stderr?: (text: string) => void },
): 0 | 1
