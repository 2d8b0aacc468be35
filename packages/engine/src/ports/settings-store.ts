/** Small key/value state of a deployment (contract addresses, chain id, schema facts). */
export interface SettingsStore {
  get(key: string): Promise<string | undefined>
  /** Insert or replace, in one statement (last writer wins). */
  set(key: string, value: string): Promise<void>
  /**
   * Atomic: stores the value only when the key is absent; answers the value that is stored. Of
   * concurrent callers with the same key, all receive the same (first committed) value.
   */
  setIfAbsent(key: string, value: string): Promise<string>
}
