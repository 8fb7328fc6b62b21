/**
 * Debian's Chromium driven by playwright-core; a downloaded browser cannot be installed here.
 *
 * Every context it opens is watched for what the server's Content-Security-Policy refused
 * (server/plugins/security-headers.ts): `securitypolicyviolation` events in every page, the
 * console lines Chromium writes for them (pages and service workers), and any page served
 * without the policy at all. csp-setup.ts fails every e2e test during which one happened.
 */
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const violations: string[] = []
const watched = new Set<BrowserContext>()

/** The violations seen since the last call, after every open page has delivered its reports. */
export async function takeCspViolations(): Promise<string[]> {
  // A round trip to each page: reports it sent before it are in by the time the answer is. A page
  // stuck mid-navigation does not hold the test up for more than a moment.
  const roundTrip = (page: Page) =>
    Promise.race([page.evaluate(() => 0).catch(() => 0), new Promise((resolve) => setTimeout(resolve, 2_000).unref())])
  for (const context of watched) await Promise.all(context.pages().map(roundTrip))
  return violations.splice(0)
}

const REPORT_BINDING = '__tijoriCspViolation'

function watchConsole(where: string, message: ConsoleMessage): void {
  if (/content[- ]security[- ]policy/i.test(message.text())) violations.push(`${where} console: ${message.text()}`)
}

async function watchCsp(context: BrowserContext): Promise<void> {
  watched.add(context)
  context.on('close', () => watched.delete(context))
  await context.exposeBinding(REPORT_BINDING, ({ page }, report: string) => {
    violations.push(`${page.url()}: ${report}`)
  })
  await context.addInitScript((binding) => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (globalThis as unknown as Record<string, (text: string) => void>)[binding]
        report?.(`${e.effectiveDirective} refused ${e.blockedURI || 'an inline resource'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`)
      },
      true,
    )
  }, REPORT_BINDING)
  context.on('console', (message) => watchConsole(message.page()?.url() ?? 'page', message))
  context.on('serviceworker', (worker) => worker.on('console', (message) => watchConsole(`service worker ${worker.url()}`, message)))
  context.on('response', (response) => {
    if (response.request().resourceType() !== 'document' || response.status() !== 200) return
    void response.headerValue('content-security-policy').then(
      (policy) => {
        if (!policy) violations.push(`${response.url()}: page served without a Content-Security-Policy`)
      },
      () => undefined, // the page went away before its headers were read
    )
  })
}

// The closed network here refuses Chromium's own background connections; keep it quiet.
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS })
  // browser.newPage() opens its context through newContext() too.
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext(options)
    await watchCsp(context)
    return context
  }
  return browser
}

/**
 * Chromium on a profile of its own in `userDataDir`, as a person's browser is: an incognito
 * context is never offered installing. The engagement checks (time spent on the site) are
 * bypassed, so the browser sends `beforeinstallprompt` as soon as the app qualifies.
 */
export async function launchInstallableChromium(userDataDir: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: [...ARGS, '--bypass-app-banner-engagement-checks'],
    viewport: { width: 390, height: 844 },
    locale: 'en-IN',
  })
  await watchCsp(context)
  return context
}

/** The shell is precached and the page controlled by the service worker, so it opens offline. */
export async function waitUntilOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }))
  })
}
