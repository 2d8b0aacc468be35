import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'examples/*/test/**/*.test.ts',
      'scripts/*.test.mjs',
    ],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // eventsource-parser (the MCP SDK's HTTP client) exports TypeScript under `source`: inline both so vite compiles it.
    server: { deps: { inline: ['@modelcontextprotocol/sdk', 'eventsource-parser'] } },
  },
})
