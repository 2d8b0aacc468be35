/** What a backup seals under its passphrase: the master key, and secret files of the data folder by name. */
export type BackupSecrets = { masterKey: string; files: Record<string, string> }
