import { VERSION } from './index'
;(globalThis as unknown as { LoyaltyKit: unknown }).LoyaltyKit = { version: VERSION }
