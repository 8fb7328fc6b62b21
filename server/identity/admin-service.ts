/** Identity as the back office sees it: the evidence a review shows, each viewing audited. */
import { audit } from '../admin/audit-repository'
import { type Executor } from '../db/executor'
import { uploadById } from './repository'

/** One upload with its bytes, and the viewing in the audit log; undefined when there is none. */
export async function viewEvidence(db: Executor, v: { id: number; operator: string; now: number }) {
  const upload = await uploadById(db, v.id)
  if (!upload) return undefined
  await audit(db, { operator: v.operator, action: 'evidence_viewed', userId: upload.userId, subject: `upload:${upload.id}`, now: v.now })
  return upload
}
