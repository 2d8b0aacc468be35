import { defineConfig } from 'tsup'

// Two builds run in parallel into dist/, so neither cleans it (one would delete the other's output).
export default defineConfig([
  // ESM for bundlers.
  { entry: { index: 'src/index.ts' }, format: ['esm'], dts: true, platform: 'browser', target: 'es2020' },
  // Node only: tells a server where sdk.js is.
  { entry: { path: 'src/path.ts' }, format: ['esm'], dts: true, platform: 'node', target: 'node22' },
  // The script for <script src=".../sdk.js">: sets window.LoyaltyKit. Size budget: scripts/check-size.mjs.
  {
    entry: { sdk: 'src/global.ts' },
    format: ['iife'],
    minify: true,
    platform: 'browser',
    target: 'es2020',
    outExtension: () => ({ js: '.js' }),
  },
])
