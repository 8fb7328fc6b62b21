import { Outlet, useMatches } from '@tanstack/react-router'
import { BottomBar } from './BottomBar'
import { StatusDock } from './StatusDock'
import { UpdatePrompt } from './UpdatePrompt'
import { ApiEvents } from './ApiEvents'
import { DemoMarker } from './DemoMarker'
import { LazyToaster } from './toaster'

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
    </div>
  )
}
