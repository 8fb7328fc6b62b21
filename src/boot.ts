/**
 * The page's entry: index.html's shell is painted first, and only then is the app fetched
 * (main.tsx, its CSS and its chunks, all at once through Vite's preload). On a slow network the
 * splash and its icon do not queue behind some 150 KiB of script, and the app's stylesheet does
 * not hold up the first frame (issue 15).
 */
// The browser's install offer may come with the page's load, before the app has arrived.
import './app/install'

const painted = new Promise<void>((resolve) => {
  // A frame's callback runs before that frame is painted; a task queued from it runs after. A tab
  // opened in the background gets no frames, hence the timer.
  requestAnimationFrame(() => setTimeout(resolve, 0))
  setTimeout(resolve, 100)
})

void painted.then(() => import('./main'))
