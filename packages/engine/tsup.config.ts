import { defineConfig } from 'tsup'

// One entry per subpath of package.json `exports` (docs/architecture.md, "The public surface").
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'schemas/index': 'src/schemas/index.ts',
    'storage-kysely/index': 'src/storage-kysely/index.ts',
    'testing/index': 'src/testing/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node22',
})
