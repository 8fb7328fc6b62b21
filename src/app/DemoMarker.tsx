import { Trans } from '@lingui/react/macro'
import { useConfig } from './queries'

/** The demo market is simulated and says so on screen (DESIGN.md section 5). */
export function DemoMarker() {
  const profile = useConfig('profile')
  if (profile !== 'demo') return null
  return (
    <div className="demo-marker" data-testid="demo-marker">
      <Trans>Demo — simulated market</Trans>
    </div>
  )
}
