import { type ReactNode, useId } from 'react'
import { Trans } from '@lingui/react/macro'
import { Modal } from './Sheet'

/** "Are you sure?" with Cancel and a confirm button (data-testid confirm-ok). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  danger,
}: {
  open: boolean
  title: ReactNode
  children?: ReactNode
  confirmLabel: ReactNode
  onConfirm: () => void
  onCancel: () => void
  danger?: boolean
}) {
  const titleId = useId()
  return (
    <Modal open={open} onClose={onCancel} variant="dialog" labelledBy={titleId}>
      <h2 id={titleId} className="modal-title">{title}</h2>
      {children ? <div className="modal-text">{children}</div> : null}
      <div className="modal-actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className={danger ? 'btn btn--danger' : 'btn btn--primary'} data-testid="confirm-ok" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  )
}
