import { Trans } from '@lingui/react/macro'
import { version } from '../../../package.json'
import { BackBar } from '../../app/BackBar'
import { useConfig } from '../../app/queries'
import './account.css'

/** About the app: version, what the demo is, and how offline use works. */
export function AboutInfoScreen() {
  const profile = useConfig('profile')
  return (
    <div className="account">
      <BackBar title={<Trans>About the app</Trans>} />
      <article className="page doc">
        <img className="doc-mark" src="/icons/icon-192.png" alt="" width="64" height="64" />
        <dl className="facts">
          <div>
            <dt><Trans>Version</Trans></dt>
            <dd data-testid="app-version">{version}</dd>
          </div>
          <div>
            <dt><Trans>Server</Trans></dt>
            <dd>{profile === 'demo' ? <Trans>Demo</Trans> : profile === 'production' ? <Trans>Production</Trans> : '—'}</dd>
          </div>
        </dl>
        <p className="doc-note"><Trans>Prices in the demo are simulated. They do not come from a real exchange, and demo funds have no cash value.</Trans></p>
        <h2><Trans>Works offline</Trans></h2>
        <p><Trans>Tijori can be installed to your home screen. Once opened online, it starts without a network and shows the balances and news it last saw, with the time they were updated.</Trans></p>
        <p><Trans>Requests you make offline, such as the daily sign-in, wait on the device and are sent once you are back online. Each is applied only once.</Trans></p>
      </article>
    </div>
  )
}
