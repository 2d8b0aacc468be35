/** Small key/value state of a deployment (contract addresses, chain id, schema facts). */
export interface SettingsStore {
  get(key: string): Promise<string | undefined>
  set(key: string, value: string): Promise<void>
  /** Atomic: stores the value only when the key is absent; answers the value that is stored. */
  setIfAbsent(key: string, value: string): Promise<string>
}
