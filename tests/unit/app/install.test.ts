/**
 * The install button follows the browser's offer: shown once Chromium sends
 * `beforeinstallprompt`, used up by one prompt, gone after `appinstalled`, never offered inside
 * the installed app. Headless Chromium never sends the event, so these tests send it themselves.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installState, promptInstall, watchInstallPrompt } from '../../../src/app/install'

type Outcome = 'accepted' | 'dismissed'

/** An event shaped like Chromium's BeforeInstallPromptEvent, answering `outcome`. */
function offer(outcome: Outcome) {
  const event = new Event('beforeinstallprompt', { cancelable: true })
  const prompt = vi.fn(async () => undefined)
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) })
  return { event, prompt }
}

let stop = () => {}

afterEach(() => {
  stop()
})

describe('install offer', () => {
  it('keeps the offer, prompts with it once, and is installed when accepted', async () => {
    const window = new EventTarget()
    stop = watchInstallPrompt(window, false)
    expect(installState().offer).toBeNull()
    const { event, prompt } = offer('accepted')
    window.dispatchEvent(event)
    // The browser's own mini-infobar is held back: the settings screen offers it.
    expect(event.defaultPrevented).toBe(true)
    expect(installState().offer).toBe(event)

    expect(await promptInstall()).toBe('accepted')
    expect(prompt).toHaveBeenCalledOnce()
    expect(installState()).toEqual({ offer: null, installed: true })
    expect(await promptInstall()).toBe('unavailable')
  })

  it('drops a dismissed offer until the browser sends a new one', async () => {
    const window = new EventTarget()
    stop = watchInstallPrompt(window, false)
    window.dispatchEvent(offer('dismissed').event)
    expect(await promptInstall()).toBe('dismissed')
    expect(installState()).toEqual({ offer: null, installed: false })
    const again = offer('accepted')
    window.dispatchEvent(again.event)
    expect(installState().offer).toBe(again.event)
  })

  it('hides the offer once the app is installed another way', () => {
    const window = new EventTarget()
    stop = watchInstallPrompt(window, false)
    window.dispatchEvent(offer('accepted').event)
    window.dispatchEvent(new Event('appinstalled'))
    expect(installState()).toEqual({ offer: null, installed: true })
  })

  it('never offers installing inside the installed app', () => {
    const window = new EventTarget()
    stop = watchInstallPrompt(window, true)
    window.dispatchEvent(offer('accepted').event)
    expect(installState().offer).toBeNull()
  })

  it('ignores an event without a prompt', () => {
    const window = new EventTarget()
    stop = watchInstallPrompt(window, false)
    window.dispatchEvent(new Event('beforeinstallprompt'))
    expect(installState().offer).toBeNull()
  })
})
