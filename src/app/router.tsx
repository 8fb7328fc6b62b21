import { createHashHistory, createRouter } from '@tanstack/react-router'
import { routeTree } from '../routeTree.gen'
import { NotFound } from './NotFound'

/** The bottom-bar entry a screen belongs to; screens without one show no bottom bar. */
export type Tab = 'home' | 'market' | 'trade' | 'news' | 'account'

export function makeRouter() {
  return createRouter({
    routeTree,
    // Hash routes: the server serves one index.html and the service worker can answer every
    // navigation from the precache (DESIGN.md section 3).
    history: createHashHistory(),
    // New screens start at the top; going back restores where the user was (DESIGN.md section 3).
    scrollRestoration: true,
    defaultNotFoundComponent: NotFound,
    defaultPreload: 'intent',
  })
}

// Module augmentation can only merge into interfaces, so `type` cannot be used here.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>
  }
  interface StaticDataRouteOption {
    tab?: Tab
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */
