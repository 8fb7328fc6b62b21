/**
 * The page's script (index.html): lets the shell in index.html paint, then loads the app
 * (main.tsx). Requested after the first frame, the app's JavaScript does not share the network
 * with the stylesheet and icon that frame needs, and a fresh visit on a slow link shows the shell
 * as soon as those two arrive instead of after every module has (issue 15).
 */
function load(): void {
  void import('./main')
}

// A page opened hidden (a background tab) gets no animation frames until shown: load at once there.
if (document.visibilityState === 'hidden') load()
else requestAnimationFrame(() => setTimeout(load, 0))
