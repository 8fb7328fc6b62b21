/**
 * The back office's replies (/api/admin), declared once like replies.ts: the server's routes use
 * these schemas in `response: replies(...)`, the back office imports only their types.
 */
import { Type, type Static, type TSchema } from 'typebox'
import { BankCard, BlockOffering, FundRecord, IpoIssue, RealNameStatus, ReviewStatus, SupportMessage, SupportThread } from './replies'

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

// --- Operators and the audit log ---------------------------------------------------------------

/** /operator/login: the operator token (header operator-token). */
export const OperatorLogin = Type.Object({
  token: Type.String(),
  username: Type.String(),
  expiresAt: Type.Integer({ description: 'epoch ms' }),
  mustChangePassword: Type.Boolean({ description: 'true: every route but /operator/password, /operator/me and /operator/logout answers 403 password_change_required' }),
})
export type OperatorLogin = Static<typeof OperatorLogin>

/** /operator/create */
export const OperatorName = Type.Object({ username: Type.String() })
export type OperatorName = Static<typeof OperatorName>

/** /operator/me */
export const OperatorMe = Type.Object({ username: Type.String(), mustChangePassword: Type.Boolean() })
export type OperatorMe = Static<typeof OperatorMe>

/** /operator/list */
export const Operator = Type.Object({ username: Type.String(), createdBy: Nullable(Type.String()), createdAt: Type.Integer() })
export type Operator = Static<typeof Operator>

/** /audit/list: one action an operator (or the demo's automatic reviewer) took. */
export const AuditRecord = Type.Object({
  id: Type.Integer(),
  operator: Type.String(),
  action: Type.String(),
  userId: Nullable(Type.Integer()),
  account: Nullable(Type.String()),
  subject: Nullable(Type.String()),
  detail: Type.Record(Type.String(), Type.Unknown(), { description: "the action's facts, as the action recorded them" }),
  at: Type.Integer(),
})
export type AuditRecord = Static<typeof AuditRecord>

/** /audit/list */
export const AuditPage = Type.Object({ data: Type.Array(AuditRecord), total: Type.Integer() })
export type AuditPage = Static<typeof AuditPage>

// --- Reviews -----------------------------------------------------------------------------------

/** /reviews/kinds: a queue and how many requests wait in it. */
export const ReviewQueueSummary = Type.Object({ kind: Type.String(), title: Type.String(), pending: Type.Integer() })
export type ReviewQueueSummary = Static<typeof ReviewQueueSummary>

/** /reviews/list: one request with its facts and evidence. */
export const ReviewItem = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  account: Type.String(),
  status: ReviewStatus,
  reason: Nullable(Type.String()),
  decidedBy: Nullable(Type.String()),
  createdAt: Type.Integer(),
  decidedAt: Nullable(Type.Integer()),
  facts: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()]), {
    description: 'what the request says, as label -> value (money in paise under keys ending in "Paise")',
  }),
  evidence: Type.Array(Type.Integer(), { description: 'upload ids of the evidence, viewable with /uploads/view' }),
})
export type ReviewItem = Static<typeof ReviewItem>

/** /uploads/view: one piece of evidence; the viewing is audited. */
export const Evidence = Type.Object({ id: Type.Integer(), userId: Type.Integer(), kind: Type.String(), contentType: Type.String(), base64: Type.String() })
export type Evidence = Static<typeof Evidence>

// --- Accounts ----------------------------------------------------------------------------------

/** /users/search */
export const UserSummary = Type.Object({
  id: Type.Integer(),
  account: Type.String(),
  realName: Nullable(Type.String()),
  realNameStatus: RealNameStatus,
  createdAt: Type.Integer(),
})
export type UserSummary = Static<typeof UserSummary>

/** /users/detail: identity, flags with reasons, balances, cards, recent ledger entries and orders. */
export const UserDetail = Type.Object({
  id: Type.Integer(),
  account: Type.String(),
  createdAt: Type.Integer(),
  realNameStatus: RealNameStatus,
  realName: Nullable(Type.String()),
  realNameReason: Nullable(Type.String()),
  fundPasswordSet: Type.Boolean(),
  marginTrading: Type.Boolean(),
  flags: Type.Record(Type.String(), Type.String(), { description: 'each flag set, with the reason the user is shown' }),
  balances: Type.Array(
    Type.Object({ currency: Type.String(), available: Type.Integer(), frozen: Type.Integer(), total: Type.Integer() }, { description: 'minor units; INR and every non-empty wallet' }),
  ),
  cards: Type.Array(BankCard),
  ledger: Type.Array(FundRecord),
  orders: Type.Array(
    Type.Object({
      id: Type.Integer(),
      orderNo: Type.String(),
      symbol: Type.String(),
      direction: Type.String(),
      type: Type.String(),
      lots: Type.Integer(),
      leverage: Type.Integer(),
      status: Type.String({ description: 'as stored (not the display status)' }),
      margin: Type.Integer(),
      pnl: Nullable(Type.Integer()),
      createdAt: Type.Integer(),
    }),
  ),
})
export type UserDetail = Static<typeof UserDetail>

// --- New shares (issue 10) ---------------------------------------------------------------------

/** /ipo/list, /ipo/create, /ipo/cancel: an issue as the public sees it, plus who made it and its applications by status. */
export const IpoAdminIssue = Type.Object({
  ...IpoIssue.properties,
  createdBy: Type.String({ description: "an operator's username, or 'demo'" }),
  createdAt: Type.Integer(),
  cancelledAt: Nullable(Type.Integer()),
  byStatus: Type.Record(Type.String(), Type.Integer(), { description: 'applications per status' }),
})
export type IpoAdminIssue = Static<typeof IpoAdminIssue>

/** /api/admin/block/list, create, cancel (issue 11): an offering as users see it, with who made it and its applications by status. */
export const BlockAdminOffering = Type.Object({
  ...BlockOffering.properties,
  createdBy: Type.String({ description: "an operator's username, or 'demo'" }),
  createdAt: Type.Integer(),
  cancelledAt: Nullable(Type.Integer()),
  byStatus: Type.Record(Type.String(), Type.Integer(), { description: 'applications per status' }),
})
export type BlockAdminOffering = Static<typeof BlockAdminOffering>

// --- Customer service (issue 13) -----------------------------------------------------------------

/** /api/admin/support/list, thread, reply, close, grantReset: a thread as the back office sees it. */
export const SupportAdminThread = Type.Object({
  ...SupportThread.properties,
  userId: Nullable(Type.Integer({ description: 'null for a guest thread' })),
  account: Nullable(Type.String({ description: "the user's account, or the account number a guest typed" })),
  guest: Type.Boolean(),
  identityMatched: Nullable(Type.Boolean({ description: 'password_reset: the name and PAN the guest gave match the verified record' })),
  userUnread: Type.Integer(),
  operatorUnread: Type.Integer({ description: 'user messages no operator has read' }),
})
export type SupportAdminThread = Static<typeof SupportAdminThread>

/** A message as the back office sees it: with the replying operator's name. */
export const SupportAdminMessage = Type.Object({ ...SupportMessage.properties, operator: Nullable(Type.String()) })
export type SupportAdminMessage = Static<typeof SupportAdminMessage>

/** /api/admin/support/list */
export const SupportAdminPage = Type.Object({ data: Type.Array(SupportAdminThread), total: Type.Integer() })
export type SupportAdminPage = Static<typeof SupportAdminPage>

/** /api/admin/support/thread: the thread with its messages, oldest first (pictures via /uploads/view). */
export const SupportAdminThreadDetail = Type.Object({ thread: SupportAdminThread, messages: Type.Array(SupportAdminMessage) })
export type SupportAdminThreadDetail = Static<typeof SupportAdminThreadDetail>
