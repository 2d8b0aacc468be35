import type { OperatorKeyRecord } from '../ports/operator-key-store'

/** An operator key as listed: everything but the secret's hash. */
export type OperatorKeyView = Omit<OperatorKeyRecord, 'keyHash'>

export function toOperatorKeyView(record: OperatorKeyRecord): OperatorKeyView {
  const { keyHash: _hash, ...view } = record
  return view
}
