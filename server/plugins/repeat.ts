/**
 * A background sweep run every `intervalMs` (each job of server/jobs/registry.ts): never two at
 * once, a throw of any kind handed to `onError` and not to the process, the timer not keeping the
 * process alive, and stop() waiting for a sweep under way.
 */
export type Repeater = { start: (intervalMs: number, onError: (error: unknown) => void) => void; stop: () => Promise<void> }

export function repeater(run: () => Promise<unknown>): Repeater {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<unknown> | null = null
  return {
    start(intervalMs, onError) {
      if (intervalMs <= 0 || timer) return
      timer = setInterval(() => {
        if (running) return
        // Started inside the promise, so even a synchronous throw reaches onError.
        running = Promise.resolve()
          .then(run)
          .catch(onError)
          .finally(() => {
            running = null
          })
      }, intervalMs)
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await running
    },
  }
}
