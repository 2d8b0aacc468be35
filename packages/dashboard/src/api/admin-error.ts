/** An /admin/v1 error answer (`{error: {code, message, status}}`), or a network failure (status 0). */
export class AdminError extends Error {
  readonly status: number
  readonly code: string

  constructor(status: number, code: string, message: string) {
    super(message)
    this.name = 'AdminError'
    this.status = status
    this.code = code
  }
}
