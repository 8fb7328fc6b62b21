import { type ReactNode, useId } from 'react'
import { Trans } from '@lingui/react/macro'
import { Modal } from './Sheet'

/**
 * "Are you sure?" with a way back (Cancel unless `cancelLabel` names it: where the action itself is
 * a cancelling, "Cancel" beside "Cancel order" would read as the same thing) and a confirm button
 * (data-testid confirm-ok).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  danger,
}: {
  open: boolean
  title: ReactNode
  children?: ReactNode
  confirmLabel: ReactNode
  cancelLabel?: ReactNode
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
        <button type="button" className="btn btn--ghost" data-testid="confirm-back" onClick={onCancel}>
          {cancelLabel ?? <Trans>Cancel</Trans>}
        </button>
        <button type="button" className={danger ? 'btn btn--danger' : 'btn btn--primary'} data-testid="confirm-ok" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  )
}
