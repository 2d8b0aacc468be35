import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { read } from 'read'
import { UsageError } from '../cli/usage-error'

/** A passphrase shorter than this is refused: it guards the master key of every wallet. */
const MIN_PASSPHRASE_LENGTH = 12

export type ReadPassphraseParameters = {
  /** `--passphrase-file`: its first line is the passphrase (for scripts; keep it mode 0600). */
  file: string | undefined
  cwd: string
  /** The command, for usage errors. */
  command: string[]
  /** Ask twice on a terminal (choosing a passphrase) rather than once (entering it). */
  confirm: boolean
  stdin?: NodeJS.ReadStream
  stderr: NodeJS.WritableStream
}

/**
 * The passphrase that seals (backup) or opens (restore) a backup's master key: the first line of
 * `--passphrase-file`, else typed on the terminal without echo (twice when choosing one). Neither a
 * file nor a terminal: a usage error saying so. Never logged.
 */
export async function readPassphrase(p: ReadPassphraseParameters): Promise<string> {
  let passphrase: string
  if (p.file !== undefined) {
    const text = await readFile(resolve(p.cwd, p.file), 'utf8')
    passphrase = text.split(/\r?\n/)[0] ?? ''
  } else {
    const input = p.stdin ?? process.stdin
    if (!input.isTTY) {
      throw new UsageError(
        'a passphrase is needed for the master key: give --passphrase-file FILE (its first line), or run the command on a terminal to type it',
        p.command,
        'passphrase-file',
      )
    }
    const ask = (prompt: string) => read({ prompt, silent: true, replace: '*', input, output: p.stderr })
    passphrase = await ask('Passphrase for the master key: ')
    if (p.confirm && (await ask('Same passphrase again: ')) !== passphrase) {
      throw new UsageError('the two passphrases differ', p.command, 'passphrase-file')
    }
  }
  if (p.confirm && passphrase.length < MIN_PASSPHRASE_LENGTH) {
    throw new UsageError(
      `the passphrase must be at least ${MIN_PASSPHRASE_LENGTH} characters (it guards the key of every custodial wallet)`,
      p.command,
      'passphrase-file',
    )
  }
  if (passphrase.length === 0) throw new UsageError('the passphrase is empty', p.command, 'passphrase-file')
  return passphrase
}
