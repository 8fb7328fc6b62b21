import { useEffect } from 'react'
import { useRouter } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { lazyToast } from '../toaster'
import { nativeBridge } from './bridge'
import { installBackButton, styleStatusBar } from './backButton'

/**
 * Inside the native shell: the back button by the rule of backButton.ts, and the status bar
 * white with dark text. Loaded by the shell only when the native bridge is there.
 */
export function NativeShell() {
  const router = useRouter()
  const { t } = useLingui()
  useEffect(() => {
    const bridge = nativeBridge()
    if (!bridge) return
    if (bridge.statusBar) void Promise.resolve(styleStatusBar(bridge.statusBar)).catch(() => undefined)
    const message = t`Press back again to exit`
    const handle = installBackButton(bridge.app, {
      path: () => router.state.location.pathname,
      canGoBack: () => router.history.canGoBack(),
      back: () => router.history.back(),
      home: () => void router.navigate({ to: '/home/index', replace: true }),
      warn: () => lazyToast((toast) => toast(message, { id: 'back-to-exit', duration: 1000 })),
    })
    return () => {
      void handle.then((h) => h.remove())
    }
  }, [router, t])
  return null
}
