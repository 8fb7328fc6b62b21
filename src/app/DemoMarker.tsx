import { Trans } from '@lingui/react/macro'
import { useConfig } from './queries'

/**
 * The demo market is simulated and says so on screen (DESIGN.md section 5), at the head of every
 * screen: the page's banner landmark, so no content sits outside a landmark.
 */
export function DemoMarker() {
  const profile = useConfig('profile')
  if (profile !== 'demo') return null
  return (
    <header className="demo-marker" data-testid="demo-marker">
      <Trans>Demo — simulated market</Trans>
    </header>
  )
}
