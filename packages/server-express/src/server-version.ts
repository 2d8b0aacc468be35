import packageJson from '../package.json' with { type: 'json' }

/** Version of @loyaltykit/server-express (reported as `worker_version` by /loyalty-api/debug). */
export const SERVER_VERSION: string = packageJson.version
