import type { AgentKeyRecord } from '../ports/agent-key-store'

/** An agent key as listed and as handed to tools: everything but the secret's ciphertext. */
export type AgentKeyView = Omit<AgentKeyRecord, 'secretCiphertext'>

export function toAgentKeyView(record: AgentKeyRecord): AgentKeyView {
  const { secretCiphertext: _secret, ...view } = record
  return view
}
