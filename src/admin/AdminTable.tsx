import { type ReactNode } from 'react'

/**
 * A back-office table in a box of its own that scrolls sideways at phone width; the box takes
 * keyboard focus, so the arrow keys can scroll it too.
 */
export function AdminTable({ head, testId, children }: { head?: string[]; testId?: string; children: ReactNode }) {
  return (
    <div className="admin-scroll" tabIndex={0}>
      <table className="admin-table" data-testid={testId}>
        {head ? (
          <thead>
            <tr>
              {head.map((label, i) => (
                <th key={i}>{label}</th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
