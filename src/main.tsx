/**
 * Boot (DESIGN.md section 1): open Dexie and the saved session -> published config from the
 * server (or its saved copy when offline) -> site title and icon -> language -> router.
 * The app starts only with a config; with neither network nor copy it says how to set up.
 * index.html's shell is the first frame meanwhile: the page's entry (src/boot.ts) imports this
 * module only once that frame is painted. What does not depend on the config starts
 * beside it (issue 15): the screen's chunks from the start, the catalog once the stored language
 * is read, so the first render waits for the slowest of them rather than their sum.
 */
import { startTransition } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { I18nProvider } from '@lingui/react'
import { db } from './data/db'
import { loadSession } from './data/session'
import { getConfigValue, loadConfig } from './data/config'
import { getStoredLanguage } from './data/preferences'
import { startOutbox } from './data/outbox'
import { requestPersistentStorage } from './data/storage'
import { activateLanguage, i18n } from './i18n/setup'
import { normalizeLanguage } from './i18n/languages'
import { BootError } from './app/BootError'
import { makeRouter } from './app/router'
import './app/app.css'

const root: Root = createRoot(document.getElementById('root') as HTMLElement)

type AppRouter = ReturnType<typeof makeRouter>

/**
 * Lets the browser run what waits (input, a frame) between two steps of the start. Each step is
 * then a task of its own rather than part of one long one (issue 15: total blocking time).
 */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

async function boot(): Promise<void> {
  let language = normalizeLanguage(undefined)
  let step: 'storage' | 'config' = 'storage'
  // The database opens while the router is built and the screen's chunks are asked for.
  const opened = db.open()
  // Handled here too: a failure while the router is built is reported where awaited, below.
  opened.catch(() => undefined)
  await nextTask()
  const router = makeRouter()
  await nextTask()
  preloadScreen(router)
  let catalog: Promise<void> | undefined
  try {
    await opened
    const [, stored] = await Promise.all([loadSession(), getStoredLanguage()])
    language = normalizeLanguage(stored)
    catalog = activateLanguage(language)
    // Handled here too: a catalog that fails while the config loads is reported where awaited.
    catalog.catch(() => undefined)
    step = 'config'
    await loadConfig()
  } catch (error) {
    console.error('Tijori could not start', error)
    await activateLanguage(language).catch(() => undefined)
    root.render(
      <I18nProvider i18n={i18n}>
        <BootError firstStart={step === 'config'} onRetry={boot} />
      </I18nProvider>,
    )
    return
  }
  applySiteSettings()
  await catalog
  // The router resolves the address (guards, the screen's chunk and loader) before the first
  // render, which then draws the screen once: resolved on mount instead, it drew it again at
  // once, synchronously, as the longest task of the start (issue 15: total blocking time). Should
  // it fail, the router loads again when it mounts, and shows what failed there.
  await router.load().catch(() => undefined)
  // A transition: React renders the first screen in slices, letting the browser in between.
  startTransition(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    ),
  )
  startOutbox()
  void requestPersistentStorage()
}

/** Fetches the JavaScript of the screen the address names; the router's own load finds it there. */
function preloadScreen(router: AppRouter): void {
  const [routes] = router.getMatchedRoutes(router.state.location.pathname)
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined)
}

/** The published site title and logo name the tab and its icon. */
function applySiteSettings(): void {
  const title = getConfigValue('site_title')
  if (title) document.title = title
  const logo = getConfigValue('site_logo')
  if (logo) {
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="icon"], link[rel="apple-touch-icon"]')) {
      link.href = logo
    }
  }
}

void boot()
