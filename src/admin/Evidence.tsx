import { useState } from 'react'
import type { Evidence as EvidenceUpload } from '../contract/admin-replies'
import { UPLOAD_KIND_LABELS, labelOf } from './labels'
import { adminCall, errorText } from './session'

/** Pictures sent with a request, fetched only when the operator asks (each viewing is audited). */
export function Evidence({ ids }: { ids: number[] }) {
  const [uploads, setUploads] = useState<EvidenceUpload[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  if (!uploads) {
    return (
      <p>
        <button
          type="button"
          disabled={loading}
          data-testid="show-evidence"
          onClick={() => {
            setLoading(true)
            Promise.all(ids.map((id) => adminCall<EvidenceUpload>('/uploads/view', { id }))).then(setUploads, (e: unknown) => {
              setError(errorText(e))
              setLoading(false)
            })
          }}
        >
          {loading ? 'Loading…' : `Show evidence (${ids.length})`}
        </button>
        {error && <span className="admin-error"> {error}</span>}
      </p>
    )
  }
  return (
    <div className="admin-evidence">
      {uploads.map((u) => (
        <figure key={u.id}>
          <img src={`data:${u.contentType};base64,${u.base64}`} alt={labelOf(UPLOAD_KIND_LABELS, u.kind)} data-testid="evidence-image" />
          <figcaption>{labelOf(UPLOAD_KIND_LABELS, u.kind)}</figcaption>
        </figure>
      ))}
    </div>
  )
}
