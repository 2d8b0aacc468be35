import { runCli } from './run-cli'

// Entry of `loyaltykit` (bin/loyaltykit.mjs → dist/cli.js). Long-running commands (start) keep the
// process alive through their server; the exit code is set, never forced. No top-level await: the
// same entry is also built as CommonJS. The environment is read by loadConfig (process.env + .env).
void runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
}).then((code) => {
  process.exitCode = code
})
