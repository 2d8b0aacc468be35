import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectWpError } from './helpers/expect-wp-error'
import { inputValue, SETTINGS_PAGE, saveSettings, settingsPage } from './helpers/settings-form'
import { startWordPress, type WordPress } from './helpers/wordpress'
import { rest, WpSession } from './helpers/wp-session'

// The plugin's settings on a real WordPress (scripts/start-wordpress.sh): the settings page as an
// administrator uses it (the key never printed back), the wp-config.php constants that win over it,
// and uninstall.php. Nothing here needs a loyaltykit server: a configured plugin is seen calling one on
// a closed port (api_error), an unconfigured one answers not_configured.

describe('loyaltykit plugin on WordPress: settings page, wp-config.php constants, uninstall', () => {
  let wp: WordPress
  let member: WpSession
  let admin: WpSession

  beforeAll(async () => {
    wp = await startWordPress()
    member = await WpSession.login(wp.url, wp.member.user, wp.member.password)
    admin = await WpSession.login(wp.url, wp.admin.user, wp.admin.password)
  })
  afterAll(async () => {
    await wp?.stop()
  })

  it('the settings page saves the URL, brand id, key and timeout, and never prints the key back', async () => {
    const key = 'lk_live_0123456789abcdef0123456789abcdef'
    const saved = await saveSettings(admin, {
      api_url: 'http://127.0.0.1:9/',
      brand_id: '0x00000000000000000000000000000000000000b1',
      api_key: key,
      timeout: '4',
    })
    expect(saved).toContain('Status: configured.')
    expect(saved).not.toContain(key)
    expect(inputValue(saved, 'loyaltykit_settings[api_url]')).toBe('http://127.0.0.1:9')
    expect(inputValue(saved, 'loyaltykit_settings[api_key]')).toBe('')
    expect(saved).toContain('A key is stored; leave empty to keep it')
    const option = JSON.parse(await wp.php("echo wp_json_encode(get_option('loyaltykit_settings'));"))
    expect(option).toEqual({
      api_url: 'http://127.0.0.1:9',
      brand_id: '0x00000000000000000000000000000000000000b1',
      api_key: key,
      timeout: '4',
    })
    // An empty key field keeps the key; a bad URL is refused and the old one kept.
    const again = await saveSettings(admin, {
      api_url: 'javascript:alert(1)',
      brand_id: '0xb2',
      api_key: '',
      timeout: '4',
    })
    expect(again).toContain('The API URL must start with https://')
    const kept = JSON.parse(await wp.php("echo wp_json_encode(get_option('loyaltykit_settings'));"))
    expect(kept).toMatchObject({ api_url: 'http://127.0.0.1:9', brand_id: '0xb2', api_key: key })
    // Configured now: the routes go upstream (nothing listens on port 9: api_error).
    expectWpError(await rest(wp.url, 'GET', '/loyalty/v1/leaderboard'), 'api_error')
    // "Remove the stored key" deletes it.
    await saveSettings(admin, { api_url: 'http://127.0.0.1:9', brand_id: '0xb2', api_key: '', remove_api_key: '1' })
    expectWpError(await rest(wp.url, 'GET', '/loyalty/v1/leaderboard'), 'not_configured')
    await saveSettings(admin, { api_url: 'http://127.0.0.1:9', brand_id: '0xb2', api_key: key })
  })

  it('constants in wp-config.php win over the page, which shows them as such and still never prints the key', async () => {
    const constantKey = 'lk_live_fromwpconfig0000000000000000000000'
    wp.setConstants({
      LOYALTYKIT_API_URL: 'http://127.0.0.1:7',
      LOYALTYKIT_BRAND_ID: '0xconstant',
      LOYALTYKIT_API_KEY: constantKey,
    })
    const { html } = await settingsPage(admin)
    expect(html).toContain('Set by LOYALTYKIT_API_URL in wp-config.php.')
    expect(html).toContain('Set by LOYALTYKIT_BRAND_ID in wp-config.php.')
    expect(html).toContain('Set by LOYALTYKIT_API_KEY in wp-config.php.')
    expect(html).toContain('value="http://127.0.0.1:7" disabled')
    expect(html).not.toContain(constantKey)
    expect(html).not.toContain('lk_live_0123456789abcdef')
    const effective = await wp.php(
      "echo Loyaltykit_Config::api_url(), ' ', Loyaltykit_Config::get('brand_id'), ' ', Loyaltykit_Config::get('api_key');",
    )
    expect(effective).toBe(`http://127.0.0.1:7 0xconstant ${constantKey}`)
    wp.setConstants({})
  })

  it('a subscriber cannot open the settings page', async () => {
    const { status, html } = await settingsPage(member)
    expect(status).toBe(403)
    expect(html).not.toContain('loyaltykit_settings')
    expect((await settingsPage(admin)).status).toBe(200)
    expect(SETTINGS_PAGE).toContain('page=loyaltykit')
  })

  it('uninstall.php deletes the option and the cached perk lists', async () => {
    await wp.php("set_transient('loyaltykit_perks_test', array(1), 600);")
    const out = await wp.php(`
      require_once ABSPATH . 'wp-admin/includes/plugin.php';
      echo get_option('loyaltykit_settings') ? 'before:yes ' : 'before:no ';
      uninstall_plugin('loyaltykit/loyaltykit.php');
      wp_cache_flush();
      echo get_option('loyaltykit_settings', 'gone'), ' ', var_export(get_transient('loyaltykit_perks_test'), true);`)
    expect(out).toBe('before:yes gone false')
  })

  it('left no PHP error, warning or notice from the plugin in debug.log', async () => {
    const log = await wp.debugLog()
    const ours = log.split('\n').filter((line) => line.includes('wp-content/plugins/loyaltykit'))
    expect(ours).toEqual([])
  })
})
