/**
 * The native shell's back button (issue 13) with a fake bridge in Capacitor's shape and an
 * injected clock: back goes back in history; on a first screen the first press warns and a second
 * within one second quits; the status bar is white with dark text; the web has no bridge.
 */
import { describe, expect, it } from 'vitest'
import { type AppPlugin, type BackButtonEvent, type StatusBarPlugin, nativeBridge } from '../../../../src/app/native/bridge'
import { EXIT_WINDOW_MS, decideBack, installBackButton, styleStatusBar } from '../../../../src/app/native/backButton'
import { inNativeShell } from '../../../../src/app/native/detect'

/** Capacitor's App plugin as a test double: records exits and lets the test press back. */
function fakeApp() {
  const listeners = new Set<(e: BackButtonEvent) => void>()
  const app = {
    exits: 0,
    addListener: (_event: 'backButton', listener: (e: BackButtonEvent) => void) => {
      listeners.add(listener)
      return Promise.resolve({ remove: () => void listeners.delete(listener) })
    },
    exitApp: () => {
      app.exits += 1
    },
    press: (canGoBack: boolean) => {
      for (const l of listeners) l({ canGoBack })
    },
    listening: () => listeners.size,
  }
  return app satisfies AppPlugin
}

/** The router and toast as seen by the rule: a path, a history depth, and what was done. */
function fakeTarget(path: string, depth = 0) {
  let time = 1_000_000
  const done: string[] = []
  const target = {
    path: () => path,
    canGoBack: () => depth > 0,
    back: () => {
      depth -= 1
      done.push('back')
    },
    home: () => done.push('home'),
    warn: () => done.push('warn'),
    now: () => time,
  }
  return { target, done, tick: (ms: number) => (time += ms), go: (to: string, d: number) => ((path = to), (depth = d)) }
}

describe('the back button rule', () => {
  it('goes back one step on an inner screen with history behind it', () => {
    expect(decideBack({ path: '/information/msgInfo', canGoBack: true, now: 10, warnedAt: null })).toBe('back')
  })

  it('goes home from an inner screen opened without history, rather than quitting', () => {
    expect(decideBack({ path: '/trade/positionDetail', canGoBack: false, now: 10, warnedAt: null })).toBe('home')
  })

  it('warns on the first press on a first screen, even with history behind it', () => {
    expect(decideBack({ path: '/home/index', canGoBack: true, now: 10, warnedAt: null })).toBe('warn')
    expect(decideBack({ path: '/login/start', canGoBack: false, now: 10, warnedAt: null })).toBe('warn')
  })

  it('quits on a second press within one second, and warns again after it', () => {
    expect(decideBack({ path: '/home/index', canGoBack: false, now: 10 + EXIT_WINDOW_MS, warnedAt: 10 })).toBe('exit')
    expect(decideBack({ path: '/home/index', canGoBack: false, now: 11 + EXIT_WINDOW_MS, warnedAt: 10 })).toBe('warn')
  })
})

describe('the back button on a fake bridge', () => {
  it('goes back through history, then on home warns and quits on the second press within a second', async () => {
    const app = fakeApp()
    const { target, done, tick, go } = fakeTarget('/information/msgInfo', 1)
    await installBackButton(app, target)
    app.press(true)
    expect(done).toEqual(['back'])
    go('/home/index', 0)
    app.press(false)
    expect(done).toEqual(['back', 'warn'])
    expect(app.exits).toBe(0)
    tick(EXIT_WINDOW_MS - 1)
    app.press(false)
    expect(app.exits).toBe(1)
    expect(done).toEqual(['back', 'warn'])
  })

  it('does not quit on a second press after more than a second: it warns again', async () => {
    const app = fakeApp()
    const { target, done, tick } = fakeTarget('/home/index')
    await installBackButton(app, target)
    app.press(false)
    tick(EXIT_WINDOW_MS + 1)
    app.press(false)
    expect(done).toEqual(['warn', 'warn'])
    expect(app.exits).toBe(0)
    tick(500)
    app.press(false)
    expect(app.exits).toBe(1)
  })

  it('forgets a warning once the user leaves the first screen', async () => {
    const app = fakeApp()
    const { target, done, tick, go } = fakeTarget('/home/index')
    await installBackButton(app, target)
    app.press(false)
    go('/market/index', 1)
    tick(100)
    app.press(true)
    go('/home/index', 0)
    tick(100)
    app.press(false)
    expect(done).toEqual(['warn', 'back', 'warn'])
    expect(app.exits).toBe(0)
  })

  it('stops listening when its handle is removed', async () => {
    const app = fakeApp()
    const { target, done } = fakeTarget('/information/setting', 1)
    const handle = await installBackButton(app, target)
    expect(app.listening()).toBe(1)
    await handle.remove()
    app.press(true)
    expect(done).toEqual([])
    expect(app.listening()).toBe(0)
  })

  it('makes the status bar white with dark text (Capacitor style LIGHT)', async () => {
    const calls: unknown[] = []
    const statusBar: StatusBarPlugin = {
      setStyle: (o) => void calls.push(['style', o.style]),
      setBackgroundColor: (o) => void calls.push(['color', o.color]),
    }
    await styleStatusBar(statusBar)
    expect(calls).toEqual([
      ['color', '#FFFFFF'],
      ['style', 'LIGHT'],
    ])
  })
})

describe('choosing the bridge', () => {
  it('finds none on the web: the browser keeps its own back button', () => {
    expect(nativeBridge({})).toBeNull()
    expect(nativeBridge({ Capacitor: { Plugins: {} } })).toBeNull()
    expect(inNativeShell()).toBe(false)
  })

  it('picks the native plugins when Capacitor provides the App plugin', () => {
    const app = fakeApp()
    const statusBar = { setStyle: () => undefined, setBackgroundColor: () => undefined }
    const bridge = nativeBridge({ Capacitor: { Plugins: { App: app, StatusBar: statusBar } } })
    expect(bridge?.app).toBe(app)
    expect(bridge?.statusBar).toBe(statusBar)
    expect(nativeBridge({ Capacitor: { Plugins: { App: app } } })?.statusBar).toBeNull()
  })

  it('sees the native shell from the global Capacitor object', () => {
    const scope = globalThis as { Capacitor?: unknown }
    scope.Capacitor = { Plugins: { App: fakeApp() } }
    try {
      expect(inNativeShell()).toBe(true)
      expect(nativeBridge()).not.toBeNull()
    } finally {
      delete scope.Capacitor
    }
  })
})
