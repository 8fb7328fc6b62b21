import { useCallback, useEffect, useState } from 'react'
import { adminCall, errorText } from './session'

export type AdminQuery<T> = { data: T | null; error: string | null; loading: boolean; reload: () => void }

type Answer<T> = { request: string; data: T | null; error: string | null }

/** Loads one back-office read, with its loading and error state; `reload` after an action. */
export function useAdminQuery<T>(path: string, body: object, enabled = true): AdminQuery<T> {
  const [round, setRound] = useState(0)
  const request = JSON.stringify([path, body, round])
  const [answer, setAnswer] = useState<Answer<T>>({ request: '', data: null, error: null })
  useEffect(() => {
    if (!enabled) return
    let live = true
    const [p, b] = JSON.parse(request) as [string, object]
    adminCall<T>(p, b).then(
      (data) => live && setAnswer({ request, data, error: null }),
      (error: unknown) => live && setAnswer((a) => ({ request, data: a.data, error: errorText(error) })),
    )
    return () => {
      live = false
    }
  }, [request, enabled])
  const reload = useCallback(() => setRound((n) => n + 1), [])
  // The last answer stays on screen while the next one loads.
  return { data: answer.data, error: answer.error, loading: enabled && answer.request !== request, reload }
}
