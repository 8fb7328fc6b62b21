/**
 * Boot (DESIGN.md section 1): open Dexie and the saved session -> published config from the
 * server (or its saved copy when offline) -> site title and icon -> language -> router.
 * The app starts only with a config; with neither network nor copy it says how to set up.
 * index.html's shell is the first frame meanwhile. What does not depend on the config starts
 * beside it (issue 15): the screen's chunks from the start, the catalog once the stored language
 * is read, so the first render waits for the slowest of them rather than their sum.
 */
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

async function boot(): Promise<void> {
  let language = normalizeLanguage(undefined)
  let step: 'storage' | 'config' = 'storage'
  const router = makeRouter()
  preloadScreen(router)
  let catalog: Promise<void> | undefined
  try {
    await db.open()
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
  root.render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
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
