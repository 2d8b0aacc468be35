import { defineConfig } from 'tsup'

// The SDK runs on Node ≥ 22, Bun, Deno, edge runtimes and browsers: neutral platform, no Node built-ins.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  platform: 'neutral',
  target: 'es2022',
})
