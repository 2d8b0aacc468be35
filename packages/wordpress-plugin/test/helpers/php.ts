import { execFileSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The plugin's folder: what is installed as wp-content/plugins/loyaltykit. */
export const PLUGIN_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../loyaltykit')

const INSTALL_HINT =
  'apt-get update && apt-get install -y php-cli php-mysql php-curl mariadb-server wordpress (as .ci/run does)'

/** The PHP CLI (Debian's php-cli); throws with the install command when it is missing. */
export function phpBinary(): string {
  try {
    execFileSync('php', ['-v'], { stdio: 'ignore' })
    return 'php'
  } catch {
    throw new Error(
      `PHP is required for the WordPress plugin's tests but \`php\` was not found. Install it: ${INSTALL_HINT}`,
    )
  }
}
