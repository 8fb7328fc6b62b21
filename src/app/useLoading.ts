import { useEffect, useState } from 'react'

/**
 * Runs `load` (a refresh from the server into Dexie) when the screen opens and whenever `key`
 * changes; true until that run has settled, whether it succeeded or not (offline, the screen
 * shows what is stored). Screens use it to tell "still loading" from "nothing stored".
 */
export function useLoading(load: () => Promise<unknown>, key: string = ''): boolean {
  const [settled, setSettled] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void load()
      .catch(() => undefined)
      .finally(() => live && setSettled(key))
    return () => {
      live = false
    }
    // `load` is a fresh closure each render; the key says when it means something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return settled !== key
}
