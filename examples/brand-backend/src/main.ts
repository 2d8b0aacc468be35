import { runExample } from './run-example'
import { startWebhookReceiver } from './webhook-receiver'

// Usage: LOYALTYKIT_URL=http://localhost:3000 BRAND_ID=0x… [WEBHOOK_SECRET=whsec_… WEBHOOK_PORT=4000] pnpm start
const baseUrl = process.env.LOYALTYKIT_URL ?? 'http://localhost:3000'
const brandId = process.env.BRAND_ID
if (!brandId) {
  console.error('Set BRAND_ID to your brand id (printed by `loyaltykit start` or `loyaltykit brand create`).')
  process.exit(1)
}
if (process.env.WEBHOOK_SECRET) {
  const receiver = await startWebhookReceiver(process.env.WEBHOOK_SECRET, Number(process.env.WEBHOOK_PORT ?? 4000))
  console.log(`webhook receiver on ${receiver.url} (configure it with \`loyaltykit webhook set\`)`)
}
const result = await runExample({ baseUrl, brandId, domain: process.env.DOMAIN ?? 'localhost' })
console.log(JSON.stringify(result, null, 2))
