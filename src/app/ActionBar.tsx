import { type ReactNode, useEffect, useRef } from 'react'

/**
 * A long form's main button, kept in view at the bottom of the screen (`.action-bar` in app.css).
 * While the status dock (outbox badge, offline banner) shows, the bar grows by the dock's height,
 * published here as `--dock-h`, so the dock floats over the bar's padding and never over the
 * button. Measured here rather than in the dock so that only screens with a bar pay for it.
 */
export function ActionBar({ className, children }: { className?: string; children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = bar.current
    const app = el?.closest('.app')
    if (!el || !app) return undefined
    let dock: HTMLElement | null = null
    const sizes = new ResizeObserver(() => update())
    function update() {
      const now = app?.querySelector<HTMLElement>(':scope > .status-dock') ?? null
      if (now !== dock) {
        if (dock) sizes.unobserve(dock)
        if (now) sizes.observe(now)
        dock = now
      }
      el?.style.setProperty('--dock-h', `${dock?.offsetHeight ?? 0}px`)
    }
    // The dock comes and goes as a child of the shell.
    const shell = new MutationObserver(update)
    shell.observe(app, { childList: true })
    update()
    return () => {
      shell.disconnect()
      sizes.disconnect()
    }
  }, [])
  return (
    <div ref={bar} className={className ? `action-bar ${className}` : 'action-bar'}>
      {children}
    </div>
  )
}
