import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BackBar } from '../../app/BackBar'
import { useSessionAccount } from '../../app/queries'
import { DataExportCard } from './DataExportCard'
import { DeletionCard } from './DeletionCard'
import { useRetentionRules } from './queries'
import '../account/account.css'
import './privacy.css'

/**
 * /information/pj: the privacy policy in plain words, with the retention periods and the age of
 * consent the server publishes (config privacy_*), then the user's rights put to work: download
 * everything the server holds (JSON, and the ledger and orders as CSV), and ask for the account
 * to be deleted. The policy reads offline; the two cards need the network to act.
 * /information/agreement stays the user agreement.
 */
export function PrivacyScreen() {
  const account = useSessionAccount()
  const { financialYears, investmentYears, consentAge } = useRetentionRules()
  return (
    <div className="account privacy">
      <BackBar title={<Trans>Privacy policy</Trans>} />
      <article className="page doc" data-testid="privacy-policy">
        <p><Trans>This page says what Tijori keeps about you, where, for how long and why, and what you can ask of us. It is part of the user agreement.</Trans></p>

        <h2><Trans>What our server keeps</Trans></h2>
        <ul>
          <li><Trans>Your account: your mobile number, your password (only as a one-way hash, never in readable form), your invitation code, your settings and any restrictions on the account.</Trans></li>
          <li><Trans>Your identity once you verify it: your name, PAN and ID number, the pictures you sent and the outcome of the review.</Trans></li>
          <li><Trans>Where your money goes: your bank cards and USDT addresses, every entry of your ledger, your deposits, withdrawals, exchanges and loans.</Trans></li>
          <li><Trans>Your investments: orders and positions, new-share and block applications, copy-trading investments, dividends, your watchlist and your VIP level.</Trans></li>
          <li><Trans>Your messages to customer service, your inbox and your knowledge quiz attempts.</Trans></li>
          <li><Trans>Your sign-ins and sessions (when, from which device and network address) and a record of every action our staff took on your account.</Trans></li>
        </ul>
        <p><Trans>We use this to run your account, to meet the duties Indian law places on us, and to protect you and others from fraud. We do not sell it, and we share it only where the law requires, for example with regulators or with the banks that handle your payments.</Trans></p>

        <h2><Trans>How long we keep it</Trans></h2>
        <p data-testid="privacy-retention" data-financial={financialYears} data-investment={investmentYears}>
          <Trans>While your account is open we keep what it needs. When it is closed, the law still requires us to keep your financial records (ledger, deposits, withdrawals, loans) for {financialYears} years and your investment records (orders, applications, investments) for {investmentYears} years from the closure. Everything else is erased when the account is closed.</Trans>
        </p>

        <h2><Trans>What this device keeps</Trans></h2>
        <p><Trans>So that the app works offline, this phone keeps a copy of your account in the browser's storage: your balances, records, orders and the other screens you opened, and the requests you made offline that are still waiting to be sent. Your session stays until you log out.</Trans></p>
        <p><Trans>Logging out removes all of it from this device. Market prices, news and your language choice are the same for everyone and stay.</Trans></p>

        <h2><Trans>Children</Trans></h2>
        <p data-testid="privacy-consent-age" data-age={consentAge}>
          <Trans>Trading accounts are for adults. If you are younger than {consentAge}, a parent or guardian must agree before any of your data is given to us, and may ask us to delete it at any time.</Trans>
        </p>

        <h2><Trans>Your rights</Trans></h2>
        <ul>
          <li><Trans>Access: download everything we keep about you, below.</Trans></li>
          <li><Trans>Correction: change your profile in the app; for a verified identity or a record you think is wrong, write to customer service.</Trans></li>
          <li><Trans>Deletion: ask for your account to be closed and your data erased, below. A person reviews the request; what the law requires us to keep is kept until the date shown, then erased.</Trans></li>
          <li><Trans>Complaints: write to customer service. If you are not satisfied with the answer, you may complain to the Data Protection Board of India.</Trans></li>
        </ul>
        {/* A plain hash link: the customer service screen is its own area's route (issue 13). */}
        <p><a className="link" href="#/home/kefuCenter" data-testid="privacy-support-link"><Trans>Contact customer service</Trans></a></p>
      </article>
      <div className="page privacy-actions">
        {account ? (
          <>
            <DataExportCard />
            <DeletionCard account={account} />
          </>
        ) : account === null ? (
          <p className="card muted" data-testid="privacy-signed-out">
            <Trans><Link to="/login/login" className="link">Log in</Link> to download your data or to ask for your account to be deleted.</Trans>
          </p>
        ) : null}
      </div>
    </div>
  )
}
