// The loyaltykit plugin's shortcodes in the browser: the check-in button (and the milestone claim
// buttons beside it) and the perks' redeem buttons call /wp-json/loyalty/v1 with the `wp_rest` nonce
// (window.loyaltykitConfig, printed by the plugin). Plain script, no dependencies, no build step.
;(() => {
  const config = window.loyaltykitConfig
  if (!config) return
  const text = config.i18n
  let nonce = config.nonce

  /** sprintf for the plugin's texts: %s, %d, %1$d, %2$s… */
  function format(template, ...values) {
    let next = 0
    return template.replace(/%(?:(\d)\$)?[sd]/g, (_, position) =>
      String(values[position ? Number(position) - 1 : next++] ?? ''),
    )
  }

  /** A random key for one redemption (crypto.randomUUID needs a secure context; this does not). */
  function randomKey() {
    const bytes = crypto.getRandomValues(new Uint8Array(16))
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  }

  /**
   * POST to the plugin's REST API; resolves with the JSON body, rejects with the error's message and
   * HTTP `status` (a TypeError without one when the request got no answer at all).
   */
  async function post(path, body, headers = {}) {
    const send = () =>
      fetch(config.root + path, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': nonce, ...headers },
        body: JSON.stringify(body),
      })
    let response = await send()
    if (response.status === 403) {
      // A page served from a cache can carry an expired nonce: fetch a fresh one and try once more.
      const error = await response
        .clone()
        .json()
        .catch(() => null)
      if (error?.code === 'rest_cookie_invalid_nonce') {
        const fresh = await fetch(`${config.ajaxUrl}?action=rest-nonce`, { credentials: 'same-origin' })
        if (fresh.ok) {
          nonce = (await fresh.text()).trim()
          response = await send()
        }
      }
    }
    const data = await response.json().catch(() => null)
    if (!response.ok || !data) throw Object.assign(new Error(data?.message || text.failed), { status: response.status })
    return data
  }

  function renderStreak(widget, streak) {
    if (!streak) return
    const days = streak.currentStreak ?? 0
    widget.querySelector('.loyaltykit-streak-days').textContent = String(days)
    widget.querySelector('.loyaltykit-multiplier').textContent = `×${streak.multiplier ?? 1}`
    const next = streak.nextMilestone
    widget.querySelector('.loyaltykit-next').textContent = next ? format(text.nextMilestone, next.days, next.bonus) : ''
    const list = widget.querySelector('.loyaltykit-milestones')
    list.replaceChildren(
      ...(streak.unclaimedMilestones ?? []).map((m) => {
        const item = document.createElement('li')
        const button = document.createElement('button')
        button.type = 'button'
        button.className = 'loyaltykit-claim-button'
        button.dataset.milestone = String(m.days)
        button.textContent = text.claim
        item.append(`${format(text.milestone, m.days, m.bonus)} `, button)
        return item
      }),
    )
  }

  async function checkIn(widget, button) {
    const message = widget.querySelector('.loyaltykit-message')
    button.disabled = true
    message.textContent = text.working
    try {
      const result = await post('checkin', {})
      renderStreak(widget, result.streak)
      const days = result.streak?.currentStreak ?? 0
      message.textContent = result.alreadyClaimed
        ? format(text.alreadyClaimed, days)
        : format(text.checkedIn, result.reward, days)
      button.textContent = text.checkedInToday
    } catch (error) {
      message.textContent = error.message
      button.disabled = false
    }
  }

  async function claim(widget, button) {
    const message = widget.querySelector('.loyaltykit-message')
    button.disabled = true
    message.textContent = text.working
    try {
      const result = await post('claim-milestone', { milestoneDays: Number(button.dataset.milestone) })
      message.textContent = format(text.claimed, result.bonusRsnc)
      button.closest('li')?.remove()
    } catch (error) {
      message.textContent = error.message
      button.disabled = false
    }
  }

  async function redeem(perk, button) {
    const message = perk.querySelector('.loyaltykit-message')
    // First click asks, second click spends.
    if (button.dataset.confirming !== 'true') {
      button.dataset.confirming = 'true'
      message.textContent = format(text.confirm, perk.dataset.cost)
      return
    }
    // One key per redemption, kept until a definite answer: a retry after a lost answer cannot spend twice.
    button.dataset.key ||= randomKey()
    button.disabled = true
    message.textContent = text.working
    try {
      const result = await post('redeem', { perkId: perk.dataset.perkId }, { 'Idempotency-Key': button.dataset.key })
      message.textContent = format(text.redeemed, result.perk?.name ?? '', result.confirmationCode ?? '')
      delete button.dataset.key
    } catch (error) {
      message.textContent = error.message
      // A 4xx is a refusal (nothing was spent): the next click is a new redemption. No answer or a 5xx
      // (api_error: a timeout, the server still working on it) leaves the outcome unknown: the next click
      // retries with the same key and gets the first redemption's answer instead of spending twice.
      if (error.status !== undefined && error.status < 500) delete button.dataset.key
    } finally {
      button.disabled = false
      button.dataset.confirming = 'false'
    }
  }

  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null
    if (!button) return
    const widget = button.closest('[data-loyaltykit="checkin"]')
    if (widget && button.classList.contains('loyaltykit-checkin-button')) checkIn(widget, button)
    else if (widget && button.classList.contains('loyaltykit-claim-button')) claim(widget, button)
    const perk = button.closest('.loyaltykit-perk')
    if (perk && button.classList.contains('loyaltykit-redeem-button')) redeem(perk, button)
  })
})()
