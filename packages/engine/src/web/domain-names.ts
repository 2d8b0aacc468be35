const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

/** A host name as brands configure them: labels of letters, digits and hyphens; `localhost` allowed. */
export function isValidDomain(value: string): boolean {
  const host = value.toLowerCase().replace(/\.$/, '')
  if (host.length === 0 || host.length > 253) return false
  if (isIpv4(host)) return true
  const labels = host.split('.')
  return labels.every((l) => LABEL.test(l)) && (labels.length > 1 || host === 'localhost')
}

function isIpv4(host: string): boolean {
  const parts = host.split('.')
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)
}

/** Lowercase host name of a URL-ish string (`https://a.b/c`, `a.b:8080`, `a.b`), without port. */
export function hostOf(value: string): string | undefined {
  const trimmed = value.trim()
  if (trimmed === '' || trimmed === 'null') return undefined
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`)
    const host = url.hostname.toLowerCase().replace(/\.$/, '')
    return host === '' ? undefined : host
  } catch {
    return undefined
  }
}

/** True when `host` is `parent` or one of its subdomains (`shop.example.com` under `example.com`). */
export function isSameOrSubdomain(host: string, parent: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '')
  const p = parent.toLowerCase().replace(/\.$/, '')
  return h === p || h.endsWith(`.${p}`)
}
