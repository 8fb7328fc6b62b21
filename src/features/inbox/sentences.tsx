/**
 * An inbox message in the reader's language, built from its kind and params (the server sends no
 * sentence; src/contract/replies.ts lists the params of each kind). A param missing or of the
 * wrong type (a newer server, a damaged row) reads as a neutral sentence rather than a crash.
 */
import { type ReactNode } from 'react'
import { Plural, Trans } from '@lingui/react/macro'
import { type InboxMessage } from '../../data/inbox'
import { formatMoney, formatPrice } from '../../lib/money'

type Params = InboxMessage['params']

function text(params: Params, name: string): string {
  const v = params[name]
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : ''
}

function int(params: Params, name: string): number {
  const v = params[name]
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : 0
}

/** Its short heading (the kind of event). */
export function InboxTitle({ message }: { message: InboxMessage }): ReactNode {
  switch (message.kind) {
    case 'review_decided':
      return message.params.approved === true ? <Trans>Request approved</Trans> : <Trans>Request rejected</Trans>
    case 'order_filled':
      return <Trans>Order filled</Trans>
    case 'position_closed':
      return <Trans>Position closed</Trans>
    case 'allotment':
      return <Trans>New-share allotment</Trans>
    case 'support_reply':
      return <Trans>Customer service</Trans>
    case 'vip_changed':
      return <Trans>VIP level</Trans>
    case 'sign_in_failed':
      return <Trans>Sign-in attempts</Trans>
  }
}

/** What happened, in one or two sentences. `priceScale`: of the message's symbol (prices are whole units of it per rupee). */
export function InboxSentence({ message, priceScale = 100 }: { message: InboxMessage; priceScale?: number }): ReactNode {
  const p = message.params
  switch (message.kind) {
    case 'review_decided':
      return <ReviewSentence params={p} />
    case 'order_filled': {
      const symbol = text(p, 'symbol')
      const lots = int(p, 'lots')
      const price = formatPrice(int(p, 'price'), priceScale)
      return p.direction === 'short' ? (
        <Trans>Your limit order to sell {symbol} short was filled: {lots} lots at {price}.</Trans>
      ) : (
        <Trans>Your limit order to buy {symbol} was filled: {lots} lots at {price}.</Trans>
      )
    }
    case 'position_closed': {
      const symbol = text(p, 'symbol')
      const price = formatPrice(int(p, 'price'), priceScale)
      const profit = int(p, 'profit')
      const amount = formatMoney(Math.abs(profit))
      const result = profit >= 0 ? <Trans>Profit: {amount}.</Trans> : <Trans>Loss: {amount}.</Trans>
      const closed =
        p.cause === 'stop_out' ? (
          <Trans>Your {symbol} position was stopped out at {price}: its margin no longer covered the loss.</Trans>
        ) : p.cause === 'square_off' ? (
          <Trans>Your day-trading {symbol} position was squared off at {price} at the daily cut-off.</Trans>
        ) : (
          <Trans>Your {symbol} position was closed at {price}.</Trans>
        )
      return (
        <>
          {closed} {result}
        </>
      )
    }
    case 'allotment': {
      const symbol = text(p, 'symbol')
      const applied = int(p, 'appliedLots')
      const won = int(p, 'wonLots')
      const due = int(p, 'amountDue')
      const amount = formatMoney(due)
      if (won === 0) return <Trans>{symbol}: none of the {applied} lots you applied for were allotted in the draw.</Trans>
      return (
        <>
          <Trans>{symbol}: {won} of the {applied} lots you applied for were allotted to you.</Trans>
          {due > 0 ? <> <Trans>The allotted lots cost {amount}.</Trans></> : null}
        </>
      )
    }
    case 'support_reply':
      return <Trans>Customer service replied to your message.</Trans>
    case 'vip_changed': {
      const from = int(p, 'fromLevel')
      const to = int(p, 'toLevel')
      return to > from ? (
        <Trans>Your VIP level went up from VIP {from} to VIP {to}.</Trans>
      ) : (
        <Trans>Your VIP level went down from VIP {from} to VIP {to}.</Trans>
      )
    }
    case 'sign_in_failed': {
      const count = int(p, 'count')
      return (
        <Plural
          value={count}
          one="Someone tried to sign in to your account with a wrong password. If it was not you, change your password."
          other="Someone tried to sign in to your account with a wrong password # times in a row. If it was not you, change your password."
        />
      )
    }
  }
}

function ReviewSentence({ params: p }: { params: Params }): ReactNode {
  const id = int(p, 'requestId')
  const reason = text(p, 'reason')
  const approved = p.approved === true
  const decided = approved ? APPROVED[text(p, 'queue')] : REJECTED[text(p, 'queue')]
  return (
    <>
      {decided ?? (approved ? <Trans>Your request #{id} was approved.</Trans> : <Trans>Your request #{id} was rejected.</Trans>)}
      {reason ? <> <Trans>Reason: {reason}</Trans></> : null}
    </>
  )
}

// One whole sentence per queue and outcome, so each language words it in its own order.
const APPROVED: Partial<Record<string, ReactNode>> = {
  real_name: <Trans>Your identity verification was approved.</Trans>,
  withdrawal: <Trans>Your withdrawal was approved and paid out.</Trans>,
  recharge: <Trans>Your deposit was approved and added to your balance.</Trans>,
  dividend: <Trans>Your dividend application was approved.</Trans>,
  loan: <Trans>Your loan application was approved.</Trans>,
  credit: <Trans>Your request for more credit was approved.</Trans>,
  deletion: <Trans>Your request to delete the account was approved.</Trans>,
}

const REJECTED: Partial<Record<string, ReactNode>> = {
  real_name: <Trans>Your identity verification was rejected.</Trans>,
  withdrawal: <Trans>Your withdrawal was rejected; the money is available again.</Trans>,
  recharge: <Trans>Your deposit was rejected.</Trans>,
  dividend: <Trans>Your dividend application was rejected.</Trans>,
  loan: <Trans>Your loan application was rejected.</Trans>,
  credit: <Trans>Your request for more credit was rejected.</Trans>,
  deletion: <Trans>Your request to delete the account was rejected.</Trans>,
}
