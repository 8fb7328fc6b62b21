import { useEffect, useState } from 'react'

/** The time, moving every `ms`, so time rules (hours, cut-off, lock) stay true while a screen is open. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms)
    return () => clearInterval(timer)
  }, [ms])
  return now
}
