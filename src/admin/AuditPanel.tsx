import { useState } from 'react'
import type { AuditPage, AuditRecord } from '../contract/admin-replies'
import { AdminTable } from './AdminTable'
import { factLabel, when } from './format'
import { AUDIT_ACTION_LABELS, labelOf, subjectText } from './labels'
import { useAdminQuery } from './useAdminQuery'

const PAGE = 50

/** Every operator action, newest first. Read only: the log cannot be edited from anywhere. */
export function AuditPanel() {
  const [page, setPage] = useState(1)
  const log = useAdminQuery<AuditPage>('/audit/list', { page })
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / PAGE)) : 1
  return (
    <section>
      {log.error && <p className="admin-error">{log.error}</p>}
      {log.data && <AuditTable rows={log.data.data} />}
      <p className="admin-pager">
        <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Newer
        </button>{' '}
        page {page} of {pages}{' '}
        <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Older
        </button>
      </p>
    </section>
  )
}

/** An action's detail as "Reason: documents requested · Ip: 10.0.0.1", not JSON. */
function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([key, value]) => `${factLabel(key)}: ${typeof value === 'string' || typeof value === 'number' ? value : typeof value === 'boolean' ? (value ? 'yes' : 'no') : JSON.stringify(value)}`)
    .join(' · ')
}

export function AuditTable({ rows }: { rows: AuditRecord[] }) {
  if (rows.length === 0) return <p className="admin-muted">No actions yet.</p>
  return (
    <AdminTable head={['When', 'Operator', 'Action', 'User', 'Subject', 'Detail']} testId="audit-table">
      {rows.map((r) => (
        <tr key={r.id} data-testid="audit-row">
          <td>{when(r.at)}</td>
          <td>{r.operator}</td>
          <td>{labelOf(AUDIT_ACTION_LABELS, r.action)}</td>
          <td>{r.account ?? ''}</td>
          <td>{r.subject === null ? '' : subjectText(r.subject)}</td>
          <td>{detailText(r.detail)}</td>
        </tr>
      ))}
    </AdminTable>
  )
}
