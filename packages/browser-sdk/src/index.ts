export { createLoyaltyKit } from './create-loyalty-kit'
export type { EventRule, InitOptions, LoyaltyKit, TrackOptions, TrackResponse } from './types'
export { VERSION } from './version'
