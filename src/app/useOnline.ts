import { useEffect, useState } from 'react'
import { onApiEvent } from '../data/api'

/**
 * Whether the app can reach the server as far as it knows: the browser says it is online and
 * the last call did not fail for lack of network. A successful call or the "online" event clears it.
 */
export function useOnline(): boolean {
  const [browserOnline, setBrowserOnline] = useState(() => navigator.onLine)
  const [networkFailed, setNetworkFailed] = useState(false)
  useEffect(() => {
    const on = () => {
      setBrowserOnline(true)
      setNetworkFailed(false)
    }
    const off = () => setBrowserOnline(false)
    window.addEventListener('online', on)
    window.addEventListener('offline', off)
    const unsubscribe = onApiEvent((event) => {
      if (event.type === 'network-error') setNetworkFailed(true)
      else if (event.type === 'network-ok') setNetworkFailed(false)
    })
    return () => {
      window.removeEventListener('online', on)
      window.removeEventListener('offline', off)
      unsubscribe()
    }
  }, [])
  return browserOnline && !networkFailed
}
