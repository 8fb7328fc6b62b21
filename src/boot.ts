/**
 * The page's entry: index.html's shell is painted first, and only then is the app fetched
 * (main.tsx, its CSS and its chunks, all at once through Vite's preload). On a slow network the
 * splash and its icon do not queue behind some 150 KiB of script, and the app's stylesheet does
 * not hold up the first frame (issue 15). A page the service worker serves fetches it at once.
 */
// The browser's install offer may come with the page's load, before the app has arrived.
import './app/install'

// The browser's locale data loaded on another thread while the app arrives (see intl-warmup.ts).
// A classic worker: Vite builds it as one plain script, which every browser with workers runs.
new Worker(new URL('./app/intl-warmup.ts', import.meta.url))

/** The shell's first frame painted; at once in a hidden tab, which paints nothing until shown. */
function firstFramePainted(): Promise<void> {
  return new Promise<void>((resolve) => {
    // A timer alone would fire while a slow stylesheet still holds the first frame back.
    if (document.visibilityState === 'hidden') return resolve()
    document.addEventListener('visibilitychange', () => resolve(), { once: true })
    // A frame's callback runs before that frame is painted; a task queued from it runs after.
    requestAnimationFrame(() => setTimeout(resolve, 0))
  })
}

// Started by the service worker, the app's files come from the device, not a network to share:
// they are asked for at once, beside that first frame (the offline cold start).
const appMayLoad = navigator.serviceWorker?.controller ? Promise.resolve() : firstFramePainted()

void appMayLoad.then(() => import('./main'))
