/**
 * The audit log (issue 4): every operator action writes one row in the action's own transaction,
 * and the back office pages through it.
 */
import { type Executor } from '../db/executor'
import { type AuditRecord } from '../../src/contract/admin-replies'

export type AuditInput = { operator: string; action: string; userId?: number | null; subject?: string | null; detail?: Record<string, unknown>; now: number }

export async function audit(db: Executor, a: AuditInput): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ operator: a.operator, action: a.action, user_id: a.userId ?? null, subject: a.subject ?? null, detail: JSON.stringify(a.detail ?? {}), at: a.now })
    .execute()
}

export type { AuditRecord }

/** Newest first; one user's actions when `userId` is given. */
export async function auditPage(db: Executor, q: { userId?: number; page: number; size: number }): Promise<{ data: AuditRecord[]; total: number }> {
  let base = db.selectFrom('audit_log as a')
  if (q.userId !== undefined) base = base.where('a.user_id', '=', q.userId)
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.id', 'a.operator', 'a.action', 'a.user_id as userId', 'u.account', 'a.subject', 'a.detail', 'a.at'])
      .orderBy('a.id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { data: rows.map((r) => ({ ...r, detail: JSON.parse(r.detail) as Record<string, unknown> })), total: Number(count.n) }
}
