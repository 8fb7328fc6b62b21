/**
 * The verify screen's worker: re-runs a published draw off the main thread, so a draw of a
 * million applications (seconds of hashing and sorting) does not freeze the page.
 */
import { checkPublishedDraw, type DrawVerification, type PublishedDraw } from './drawCheck'

// The app's TypeScript knows the DOM, not the worker's scope: only these two members are used.
const scope = globalThis as unknown as { onmessage: ((event: MessageEvent<PublishedDraw>) => void) | null; postMessage: (message: DrawVerification) => void }

scope.onmessage = (event) => scope.postMessage(checkPublishedDraw(event.data))
