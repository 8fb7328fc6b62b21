import { lazy, Suspense, useSyncExternalStore } from 'react'
import type { toast as sonnerToast } from 'sonner'

/** Whether sonner has been loaded (src/app/toast.ts); the Toaster mounts from then on. */
let wanted = false
const listeners = new Set<() => void>()

export function wantToaster(): void {
  if (wanted) return
  wanted = true
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

/** sonner's Toaster, mounted once the first screen that can toast has loaded. */
export function LazyToaster() {
  const show = useSyncExternalStore(subscribe, () => wanted)
  if (!show) return null
  return (
    <Suspense fallback={null}>
      <Toaster duration={2000} position="top-center" visibleToasts={3} toastOptions={{ className: 'toast' }} />
    </Suspense>
  )
}

/** Loads sonner and shows a toast, for the parts of the first screen that toast only now and then. */
export function lazyToast(show: (toast: typeof sonnerToast) => void): void {
  void import('./toast').then(({ toast }) => show(toast))
}
