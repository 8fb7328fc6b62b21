import { useEffect } from 'react'
import { useRouter } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { onApiEvent } from '../data/api'
import { getSession } from '../data/session'
import { lazyToast } from './toaster'
import { onlySupportCanLift } from './supportOnly'

/** How long the "log in again" toast is read before the app goes to the re-login screen. */
const RELOGIN_DELAY_MS = 2000

/** Turns the data layer's events into what the user sees: refusal toasts and the 401 re-login. */
export function ApiEvents() {
  const { t } = useLingui()
  const router = useRouter()
  useEffect(() => {
    // The data layer forgets an expired session before it reports the 401; remember whose it
    // was on every navigation so the re-login screen can fill in the account.
    let lastAccount = getSession()?.account
    const unwatch = router.subscribe('onResolved', () => {
      lastAccount = getSession()?.account ?? lastAccount
    })
    let reloginTimer: ReturnType<typeof setTimeout> | undefined
    const unsubscribe = onApiEvent((event) => {
      if (event.type === 'refusal') {
        // The refusal translations load with the first refusal: the first screen shows none.
        void import('../i18n/serverMessages').then(({ translateRefusal }) => {
          const message = translateRefusal(event)
          const action = onlySupportCanLift(event.code) ? { label: t`Contact customer service`, onClick: () => void router.navigate({ to: '/home/kefuCenter' }) } : undefined
          lazyToast((toast) => toast.error(message, { id: `refusal:${event.code}`, action }))
        })
      } else if (event.type === 'unauthorized') {
        if (reloginTimer !== undefined) return
        if (router.state.location.pathname.startsWith('/login/')) return
        const account = lastAccount
        const message = t`Please log in again`
        lazyToast((toast) => toast.error(message, { id: 'unauthorized' }))
        reloginTimer = setTimeout(() => {
          reloginTimer = undefined
          void router.navigate({ to: '/login/reLogin', search: account ? { account } : {}, replace: true })
        }, RELOGIN_DELAY_MS)
      }
    })
    return () => {
      unwatch()
      unsubscribe()
      if (reloginTimer !== undefined) clearTimeout(reloginTimer)
    }
  }, [router, t])
  return null
}
