import { Trans } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import './account.css'

/** Who Tijori is. */
export function AboutUsScreen() {
  return (
    <div className="account">
      <BackBar title={<Trans>About us</Trans>} />
      <article className="page doc">
        <img className="doc-mark" src="/icons/icon-192.png" alt="" width="64" height="64" />
        <h2><Trans>A safe for your savings</Trans></h2>
        <p><Trans>A tijori is the strongbox where Indian families keep what matters. We built Tijori so that investing feels as dependable: simple to use, clear about every rupee, and there when you need it, even on a patchy connection.</Trans></p>
        <h2><Trans>What we believe</Trans></h2>
        <ul>
          <li><Trans>Fair by design: prices come from the market feed, never from a back office.</Trans></li>
          <li><Trans>Nothing hidden: every fee and limit is published, and every balance change is in your records.</Trans></li>
          <li><Trans>Made for phones: works on slow networks and keeps your requests safe while offline.</Trans></li>
        </ul>
        <h2><Trans>Languages</Trans></h2>
        <p><Trans>Tijori speaks English, Hindi, Traditional Chinese and Korean, and you can switch at any time.</Trans></p>
      </article>
    </div>
  )
}
