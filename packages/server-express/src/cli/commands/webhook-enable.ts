import { webhookToggleCommand } from './webhook-toggle-command'

export const webhookEnableCommand = webhookToggleCommand({
  enabled: true,
  summary: "Re-enable a brand's webhook endpoint (held deliveries are sent)",
  description: `Re-enables the endpoint with its URL and secret unchanged; deliveries held while it was disabled
are sent.`,
})
