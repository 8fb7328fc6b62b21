import { type ReactNode, useEffect, useId, useMemo } from 'react'
import { Trans } from '@lingui/react/macro'

/** The server's limit (server/identity/uploads.ts): checked here first for a fast answer. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024

/** A photo input with its preview; the chosen file stays until another is chosen. */
export function PhotoField({ label, file, onFile, error, testId }: { label: ReactNode; file: File | null; onFile: (file: File | null) => void; error?: string; testId: string }) {
  const id = useId()
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file])
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview)
  }, [preview])
  return (
    <div className={error ? 'field field--error photo-field' : 'field photo-field'}>
      <label className="field-label" htmlFor={id}>{label}</label>
      <label className="photo-drop" htmlFor={id}>
        {preview ? <img src={preview} alt="" className="photo-preview" /> : <span className="muted"><Trans>Choose a photo</Trans></span>}
      </label>
      <input
        id={id}
        className="photo-input"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        data-testid={testId}
      />
      {error ? <p className="field-error" role="alert">{error}</p> : <p className="field-hint"><Trans>JPEG, PNG or WebP, at most 5 MB</Trans></p>}
    </div>
  )
}
