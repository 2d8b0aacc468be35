import type { WpSession } from './wp-session'

export const SETTINGS_PAGE = '/wp-admin/options-general.php?page=loyaltykit'

/** The settings page's HTML as the session's user sees it. */
export async function settingsPage(session: WpSession): Promise<{ status: number; html: string }> {
  const res = await session.request(SETTINGS_PAGE)
  return { status: res.status, html: await res.text() }
}

/**
 * The value of the input named `name` in `html` (attributes in WordPress's order, name before value;
 * settings_fields() quotes them with ', wp_nonce_field() with ").
 */
export function inputValue(html: string, name: string): string | undefined {
  const escaped = name.replace(/[[\]]/g, '\\$&')
  return new RegExp(`name=["']${escaped}["'][^>]*value=["']([^"']*)["']`).exec(html)?.[1]
}

/**
 * Submits the settings form as a browser would: the page's hidden fields (option_page, action, the
 * `_wpnonce` of settings_fields()) and `fields` (keys inside loyaltykit_settings[…]) POSTed to
 * options.php. Answers the page shown after the redirect.
 */
export async function saveSettings(session: WpSession, fields: Record<string, string>): Promise<string> {
  const { html } = await settingsPage(session)
  const form = new URLSearchParams()
  for (const hidden of ['option_page', 'action', '_wpnonce', '_wp_http_referer']) {
    const value = inputValue(html, hidden)
    if (value === undefined) throw new Error(`the settings page has no ${hidden} field`)
    form.set(hidden, value.replaceAll('&amp;', '&'))
  }
  for (const [key, value] of Object.entries(fields)) form.set(`loyaltykit_settings[${key}]`, value)
  form.set('submit', 'Save Changes')
  const res = await session.request('/wp-admin/options.php', { method: 'POST', body: form })
  const location = res.headers.get('location')
  if (res.status !== 302 || !location?.includes('settings-updated=true')) {
    throw new Error(`saving the settings: ${res.status} ${location} ${(await res.text()).slice(0, 300)}`)
  }
  // The browser follows the redirect: the page with ?settings-updated=true shows the notices.
  const after = await session.request(new URL(location, session.base).pathname + new URL(location, session.base).search)
  return await after.text()
}
