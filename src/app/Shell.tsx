import { lazy, Suspense } from 'react'
import { Outlet, useMatches } from '@tanstack/react-router'
import { BottomBar } from './BottomBar'
import { StatusDock } from './StatusDock'
import { UpdatePrompt } from './UpdatePrompt'
import { ApiEvents } from './ApiEvents'
import { DemoMarker } from './DemoMarker'
import { LazyToaster } from './toaster'
import { inNativeShell } from './native/detect'
// Listens for the browser's install offer from the start: it may come before any screen shows.
import './install'

// The back button and status bar of the native shell: loaded only inside it, never on the web.
const NativeShell = lazy(() => import('./native/NativeShell').then((m) => ({ default: m.NativeShell })))
const native = inNativeShell()

/** The frame around every screen: demo marker, the screen, bottom bar, status dock, toasts. */
export function Shell() {
  const tab = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData.tab })
  return (
    <div className={tab ? 'app app--tabs' : 'app'}>
      <DemoMarker />
      <main className="app-main">
        <Outlet />
      </main>
      <StatusDock />
      {tab ? <BottomBar active={tab} /> : null}
      <LazyToaster />
      <UpdatePrompt />
      <ApiEvents />
      {native ? (
        <Suspense fallback={null}>
          <NativeShell />
        </Suspense>
      ) : null}
    </div>
  )
}
