/**
 * Every kind of outbox item, declared once: the path it is sent to, how the outbox sheet names it
 * to the user, what runs on this device once the server has it (effect), and what may hold it for
 * the user's confirmation instead of sending it (guard). enqueue takes the path from here and
 * accepts no other kind; the replay reads effects and guards from here; the sheet reads labels.
 * A new mutation that may be made offline is one entry here (its test checks the label is
 * translated in every catalog and the path is an idempotent route of the server).
 * Why the two halves load differently:
 * - An effect imports its module when it first runs: those modules import outbox.ts (a static
 *   import back would be circular), and they stay out of the first route's bundle. An item
 *   replayed at start-up, before any screen loaded its module, still gets its effect.
 * - A guard runs inside the claiming Dexie transaction, where awaiting an import would end the
 *   transaction: it is imported here, so keep it small and synchronous.
 */
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type OutboxItem } from './db'
import { staleMarketOrder } from './marketOrderGuard'

/** Why an item is held instead of sent: shown to the user as a refusal would be. */
export type HoldReason = NonNullable<OutboxItem['error']>

/**
 * Decides, synchronously and from the item alone (it runs inside the claiming transaction),
 * whether an item about to be sent must wait for the user instead. `now` is the claim's time.
 */
export type OutboxGuard = (item: OutboxItem, now: number) => HoldReason | undefined

/** What to do locally once the server has done the mutation (e.g. refresh the user's balances). */
export type OutboxEffect = (data: unknown, item: OutboxItem) => Promise<void>

export type OutboxKindDeclaration = {
  /** The API path the item is POSTed to, with its Idempotency-Key (an idempotent route). */
  path: string
  /** What the item is, in words a user knows (the outbox sheet). */
  label: MessageDescriptor
  effect?: OutboxEffect
  guard?: OutboxGuard
}

/** Loads a module on first use and keeps it: an effect runs against the one copy loaded first. */
function once<M>(load: () => Promise<M>): () => Promise<M> {
  let loaded: Promise<M> | undefined
  return () => (loaded ??= load())
}

const signIn = once(() => import('./signIn'))
const trade = once(() => import('./trade'))
const watchlist = once(() => import('./watchlist'))
const identity = once(() => import('./identity'))
const dividends = once(() => import('./dividends'))
const ipo = once(() => import('./ipo'))
const block = once(() => import('./block'))
const follow = once(() => import('./follow'))
const loan = once(() => import('./loan'))
const inbox = once(() => import('./inbox'))
const support = once(() => import('./support'))

export const OUTBOX_KINDS = {
  signIn: {
    path: '/user/signIn',
    label: msg`Daily sign-in`,
    effect: async () => (await signIn()).afterSignIn(),
  },
  'order.create': {
    path: '/order/create',
    label: msg`New order`,
    effect: async (data, item) => (await trade()).afterOrderChange(data, item),
    guard: staleMarketOrder,
  },
  'order.cancel': {
    path: '/order/cancel',
    label: msg`Cancel order`,
    effect: async (data, item) => (await trade()).afterOrderChange(data, item),
  },
  'order.close': {
    path: '/order/close',
    label: msg`Close position`,
    effect: async (data, item) => (await trade()).afterOrderChange(data, item),
  },
  'watchlist.add': {
    path: '/user/addOptional',
    label: msg`Add to watchlist`,
    effect: async () => (await watchlist()).afterWatchlistChange(),
  },
  'watchlist.remove': {
    path: '/user/delOptional',
    label: msg`Remove from watchlist`,
    effect: async () => (await watchlist()).afterWatchlistChange(),
  },
  'card.add': {
    path: '/user/addBankCard',
    label: msg`Add a bank card`,
    effect: async () => (await identity()).afterCardAdded(),
  },
  'ipo.subscribe': {
    path: '/newStock/subscribe',
    label: msg`Apply for new shares`,
    effect: async () => (await ipo()).afterIpoChange(),
  },
  'ipo.pay': {
    path: '/newStock/pay',
    label: msg`Pay for allotted shares`,
    effect: async () => (await ipo()).afterIpoChange(),
  },
  'ipo.waive': {
    path: '/newStock/waive',
    label: msg`Give up allotted shares`,
    effect: async () => (await ipo()).afterIpoChange(),
  },
  'block.apply': {
    path: '/block/apply',
    label: msg`Apply for a block trade`,
    effect: async () => (await block()).afterBlockChange(),
  },
  'dividend.apply': {
    path: '/dividend/apply',
    label: msg`Apply for a dividend`,
    effect: async () => (await dividends()).afterDividendApplied(),
  },
  'follow.invest': {
    path: '/follow/invest',
    label: msg`Invest in copy trading`,
    effect: async () => (await follow()).afterFollowChange(),
  },
  'follow.redeem': {
    path: '/follow/redeem',
    label: msg`Redeem a copy-trading investment`,
    effect: async () => (await follow()).afterFollowChange(),
  },
  'loan.apply': {
    path: '/loan/apply',
    label: msg`Apply for a loan`,
    effect: async () => (await loan()).afterLoanChange(),
  },
  'loan.repay': {
    path: '/loan/repay',
    label: msg`Repay a loan`,
    effect: async () => (await loan()).afterLoanChange(),
  },
  'loan.cancel': {
    path: '/loan/cancel',
    label: msg`Cancel a loan`,
    effect: async () => (await loan()).afterLoanChange(),
  },
  'loan.credit': {
    path: '/loan/credit',
    label: msg`Ask for more credit`,
    effect: async () => (await loan()).afterLoanChange(),
  },
  'inbox.read': {
    path: '/inbox/read',
    label: msg`Mark messages read`,
    effect: async () => (await inbox()).afterInboxRead(),
  },
  'support.create': {
    path: '/support/create',
    label: msg`Message to customer service`,
    effect: async (data, item) => (await support()).afterSupportChange(data, item),
  },
  'support.send': {
    path: '/support/send',
    label: msg`Reply to customer service`,
    effect: async (data, item) => (await support()).afterSupportChange(data, item),
  },
} satisfies Record<string, OutboxKindDeclaration>

export type OutboxKind = keyof typeof OUTBOX_KINDS

/** The kinds that change orders and positions (the trading screens list them while pending). */
export const ORDER_KINDS = ['order.create', 'order.cancel', 'order.close'] as const satisfies readonly OutboxKind[]

/** The declaration of a stored item's kind; undefined for a kind no longer declared (an older app's row). */
export function outboxKind(kind: string): OutboxKindDeclaration | undefined {
  return isOutboxKind(kind) ? OUTBOX_KINDS[kind] : undefined
}

export function isOutboxKind(kind: string): kind is OutboxKind {
  // Own keys only: 'toString' is not a kind.
  return Object.hasOwn(OUTBOX_KINDS, kind)
}
