import { webhookToggleCommand } from './webhook-toggle-command'

export const webhookDisableCommand = webhookToggleCommand({
  enabled: false,
  summary: "Disable a brand's webhook endpoint (nothing is sent until re-enabled)",
  description: `Disables the endpoint, keeping its URL and secret. While disabled, accepted events enqueue no
delivery and pending deliveries are held; \`loyaltykit webhook enable\` sends the held ones.`,
})
