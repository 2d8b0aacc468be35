import type { RunningServer } from '../runtime/start-server'
import { SERVER_VERSION } from '../server-version'

/** What `loyaltykit start` prints on stdout once the server answers. */
export function startBanner(s: RunningServer): string {
  const { runtime, url, demo } = s
  const chain = runtime.chain
    ? `${runtime.chain.kind === 'embedded' ? 'embedded dev chain' : 'JSON-RPC'} (chain id ${runtime.chain.chainId})`
    : 'none'
  const lines = [
    `loyaltykit ${SERVER_VERSION} listening on ${url}`,
    `  database: ${runtime.storage.dialect === 'sqlite' ? `SQLite in ${runtime.config.storage.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  chain:    ${chain}`,
  ]
  if (demo) {
    const brandId = demo.brand.id
    lines.push('', `Demo brand: ${brandId} (${demo.brand.websites.join(', ')})`)
    if (demo.keys) {
      lines.push(
        '  Keys (shown once; store them now):',
        `    security key: ${demo.keys.securityKey}`,
        `    API key:      ${demo.keys.apiKey}`,
        `    DNS key:      ${demo.keys.dnsKey}`,
      )
    }
    const body = JSON.stringify({
      brandId,
      eventType: 'account_creation',
      userEmail: 'ann@example.com',
      domain: 'localhost',
    })
    lines.push(
      '',
      'Try:',
      `  curl ${url}/loyalty-api/health`,
      `  curl -X POST ${url}/loyalty-api/manual-event -H 'Content-Type: application/json' -d '${body}'`,
    )
  } else {
    lines.push('', 'Try:', `  curl ${url}/loyalty-api/health`)
  }
  return `${lines.join('\n')}\n`
}
