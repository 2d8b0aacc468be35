import { createAesGcmKeyVault, createEngine } from '@loyaltykit/engine'
import { createSqliteStorage } from '@loyaltykit/engine/storage-kysely'
import Database from 'better-sqlite3'

const storage = createSqliteStorage(new Database('loyalty.db'))
await storage.migrate()
// 32 bytes (openssl rand -hex 32), secret and the same on every run: wallet keys are encrypted under it.
const keyVault = createAesGcmKeyVault(Buffer.from(process.env.LOYALTY_MASTER_KEY ?? '', 'hex'))
const engine = createEngine({ storage, keyVault })

const { brand } = await engine.brands.create({ name: 'My shop', websites: ['https://shop.example'] })
const reward = await engine.events.process(
  { brandId: brand.id, eventType: 'account_creation', userEmail: 'ada@example.com' },
  { origin: 'https://shop.example', mintWaitMs: 0 },
)
console.log(reward.status, reward.rewardAmount, reward.walletAddress, reward.walletCreated)
await storage.close()
