import { createRoot } from 'react-dom/client'
import { createRouter, RouterProvider, createHashHistory } from '@tanstack/react-router'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { routeTree } from './routeTree.gen'
const router = createRouter({ routeTree, history: createHashHistory() })
declare module '@tanstack/react-router' { interface Register { router: typeof router } }
async function boot() {
  const { messages } = await import('../locales/en.po')
  i18n.loadAndActivate({ locale: 'en', messages })
  createRoot(document.getElementById('root')!).render(<I18nProvider i18n={i18n}><RouterProvider router={router} /></I18nProvider>)
}
void boot()
