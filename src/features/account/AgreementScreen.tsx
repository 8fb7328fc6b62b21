import { Trans } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import './account.css'

/** The user agreement and privacy basics, in plain words. */
export function AgreementScreen() {
  return (
    <div className="account">
      <BackBar title={<Trans>User agreement</Trans>} />
      <article className="page doc">
        <h2><Trans>Using Tijori</Trans></h2>
        <p><Trans>Tijori lets you hold a cash balance, follow the markets and place investment orders from your phone. You must be at least 18 years old and use your own Indian mobile number to open an account.</Trans></p>
        <p><Trans>Keep your login password and fund password to yourself. Anything done with them counts as done by you. Tell us at once if you think someone else has used your account.</Trans></p>
        <h2><Trans>Investing risks</Trans></h2>
        <p><Trans>Share prices go up and down, and you can lose part or all of the money you invest. Nothing in the app is a promise of returns or personal advice. Decide only with money you can afford to put at risk.</Trans></p>
        <p><Trans>Every rule the app applies (limits, fees, trading hours) is published in the app, and every change to your balance is recorded in your fund records.</Trans></p>
        <h2><Trans>Your privacy</Trans></h2>
        <p><Trans>We keep only what is needed to run your account: your mobile number, your identity details once you verify them, and the records of your orders and payments.</Trans></p>
        <p><Trans>The app stores a copy of your data on this device so it can work offline. Logging out removes your account details from the device.</Trans></p>
        <p><Trans>We do not sell your data. We share it only where Indian law requires it, for example with regulators or banks handling your payments.</Trans></p>
        <h2><Trans>Ending the agreement</Trans></h2>
        <p><Trans>You may stop using Tijori at any time and withdraw your available balance. We may restrict an account that breaks these terms, and we will tell you why.</Trans></p>
      </article>
    </div>
  )
}
