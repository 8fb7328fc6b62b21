import { useEffect } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import { useLastSynced, useSessionAccount, useUser } from '../../app/queries'
import { bankCardsKey, type BankCard } from '../../data/identity'
import { formatDateTime } from '../../lib/dates'
import { translateRefusal } from '../../i18n/serverMessages'
import { discard, refreshBankCards } from './actions'
import { useBankCards, useQueuedCards } from './queries'
import './identity.css'

/** The last four digits only: the full number stays off the screen. */
export function maskedAccount(accountNumber: string): string {
  return `•••• ${accountNumber.slice(-4)}`
}

/** /information/bankList: the user's bank cards, from Dexie, with the ones still being sent. */
export function BankListScreen() {
  const account = useSessionAccount()
  const user = useUser(account)
  const cards = useBankCards(account)
  const queued = useQueuedCards(account)
  const synced = useLastSynced(account ? bankCardsKey(account) : null)
  const when = synced ? formatDateTime(synced) : null
  useEffect(() => {
    void refreshBankCards()
  }, [account])
  const verified = user?.realName.status === 'verified'

  return (
    <div className="account identity">
      <BackBar title={<Trans>Bank cards</Trans>} />
      <div className="page">
        <p className="list-updated" role="status">{when ? <Trans>Last updated {when}</Trans> : <Trans>Not updated yet</Trans>}</p>
        {cards === undefined ? (
          <div className="card" aria-busy="true"><span className="skeleton skeleton--line" /><span className="skeleton skeleton--line" /></div>
        ) : (cards ?? []).length === 0 && (queued ?? []).length === 0 ? (
          <p className="card empty" data-testid="cards-empty"><Trans>No bank card yet. Withdrawals are paid to a card in your own name.</Trans></p>
        ) : (
          <ul className="menu" data-testid="card-list">
            {(cards ?? []).map((card) => <CardRow key={card.id} card={card} />)}
            {(queued ?? []).map((item) => (
              <li key={item.key} className="menu-item bank-card" data-testid="card-queued" data-state={item.state}>
                <strong>{String(item.body.bank ?? '')}</strong>
                <span className="bank-card-number">{maskedAccount(String(item.body.accountNumber ?? ''))}</span>
                {item.state === 'failed' && item.error ? (
                  <>
                    <span className="form-error">{translateRefusal(item.error)}</span>
                    <button type="button" className="btn btn--small btn--ghost" onClick={() => void discard(item.key)}><Trans>Remove</Trans></button>
                  </>
                ) : (
                  <span className="muted"><Trans>Being sent</Trans></span>
                )}
              </li>
            ))}
          </ul>
        )}
        {verified ? (
          <Link to="/information/addBankCard" className="btn btn--primary btn--block" data-testid="add-card"><Trans>Add a bank card</Trans></Link>
        ) : (
          <div className="card">
            <p className="muted"><Trans>A card can be added once your identity is verified: its holder must be you.</Trans></p>
            <Link to="/information/authInfo" className="btn btn--outline btn--block"><Trans>Verify your identity</Trans></Link>
          </div>
        )}
      </div>
    </div>
  )
}

function CardRow({ card }: { card: BankCard }) {
  return (
    <li className="menu-item bank-card" data-testid="bank-card">
      <strong>{card.bank}</strong>
      <span className="bank-card-number">{maskedAccount(card.accountNumber)}</span>
      <span className="muted">{card.holder} · {card.ifsc} · {card.branch}</span>
    </li>
  )
}
