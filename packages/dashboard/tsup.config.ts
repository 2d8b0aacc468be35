import { defineConfig } from 'tsup'

// Two builds run in parallel into dist/, so neither cleans it (one would delete the other's output).
export default defineConfig([
  // Node only: tells the server where the built dashboard is (`@loyaltykit/dashboard/path`).
  { entry: { path: 'src/path.ts' }, format: ['esm'], dts: true, platform: 'node', target: 'node22' },
  // The single-page app: one minified ES module (Preact bundled in) beside public/'s index.html and
  // dashboard.css. Size budget (150 KB gzipped): test/dashboard-size.test.ts.
  {
    entry: { dashboard: 'src/main.tsx' },
    format: ['esm'],
    minify: true,
    platform: 'browser',
    target: 'es2020',
    publicDir: 'public',
    outExtension: () => ({ js: '.js' }),
    esbuildOptions(options) {
      options.jsx = 'automatic'
      options.jsxImportSource = 'preact'
    },
  },
])
