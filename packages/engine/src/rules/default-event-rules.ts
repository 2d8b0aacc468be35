/** The spec's six default event rules every brand starts with (type and reward in tokens). */
export const DEFAULT_EVENT_RULES: ReadonlyArray<{ readonly eventType: string; readonly rewardAmount: number }> = [
  { eventType: 'account_creation', rewardAmount: 100 },
  { eventType: 'complete_survey', rewardAmount: 75 },
  { eventType: 'newsletter_subscribe', rewardAmount: 25 },
  { eventType: 'rate_experience', rewardAmount: 50 },
  { eventType: 'subscribe_renewal', rewardAmount: 200 },
  { eventType: 'form_submit', rewardAmount: 10 },
]
