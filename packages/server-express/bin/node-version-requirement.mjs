// The Node.js that loyaltykit needs, checked before anything else is imported: undici 8 (the engine's
// HTTP client) declares `engines: >=22.19.0`, and an older Node dies inside it with a stack trace.
// Plain ESM with no imports, so that any Node that can read it can report the problem; the repository's
// bootstrap (scripts/toolchain-plan.mjs) uses the same bound.
export const MIN_NODE_VERSION = '22.19.0'

/** True when `version` ("24.1.0" or "v24.1.0") is at least `min`, comparing major, minor and patch. */
export function nodeVersionAtLeast(version, min = MIN_NODE_VERSION) {
  const have = version.replace(/^v/, '').split('.').map(Number)
  const need = min.split('.').map(Number)
  for (let i = 0; i < 3; i++) {
    const a = have[i] || 0
    const b = need[i] || 0
    if (a !== b) return a > b
  }
  return true
}

/** One line saying what is needed, what was found and how to get it; null when `version` is enough. */
export function nodeVersionProblem(version, execPath) {
  if (nodeVersionAtLeast(version)) return null
  return (
    `loyaltykit needs Node.js >= ${MIN_NODE_VERSION}, found ${version.replace(/^v/, '')} (${execPath}): ` +
    'in the loyaltykit repository `npm start` installs Node 24 into ./.tools on Linux and macOS and runs on it; otherwise install ' +
    `Node.js 24 LTS (or any >= ${MIN_NODE_VERSION}) from https://nodejs.org or with a version manager (nvm, fnm, volta).`
  )
}
