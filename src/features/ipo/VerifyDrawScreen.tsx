import { type ReactNode, useEffect, useState } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import { BackBar } from '../../app/BackBar'
import { useConfig } from '../../app/queries'
import { errorText } from '../../app/errors'
import { type DrawResult } from '../../contract/draw'
import { type IpoIssue } from '../../contract/replies'
import { fetchIssueDraw } from '../../data/ipo'
import { formatDateTime } from '../../lib/dates'
import { checkPublishedDraw, type DrawVerification, type PublishedDraw } from './drawCheck'
import './verifyDraw.css'

const route = getRouteApi('/home/newStockDraw')

/** How many of the first places in the draw order the screen lists. */
const FIRST_RANKS = 10

type Loaded = { draw: PublishedDraw; issue: IpoIssue | null }

/**
 * /home/newStockDraw?id=<issue>&ref=<own reference>: fetches what /newStock/draw publishes and
 * re-runs the draw on the phone (src/contract/draw.ts, in a worker), then says whether the seed
 * matches its commitment, the list its digest, and every rank and allotment the server's result,
 * the user's own application first. Nothing is stored: the check is made afresh each time.
 */
export function VerifyDrawScreen() {
  const { id, ref } = route.useSearch()
  // Keyed by the issue: another issue starts from nothing, not from this one's result.
  return <VerifyDraw key={id} id={id} ownRef={ref} />
}

function VerifyDraw({ id, ownRef }: { id: number; ownRef: string }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [verification, setVerification] = useState<DrawVerification | null>(null)

  useEffect(() => {
    let live = true
    fetchIssueDraw(id).then(
      (result) => live && setLoaded(result),
      (e: unknown) => live && setError(errorText(e)),
    )
    return () => {
      live = false
    }
  }, [id])

  useEffect(() => {
    if (!loaded) return
    return verifyOffThread(loaded.draw, setVerification)
  }, [loaded])

  return (
    <div className="verify-draw">
      <BackBar title={<Trans>Verify the draw</Trans>} />
      <div className="page">
        {error ? (
          <div className="card empty-state" role="alert" data-testid="draw-error">
            <p>{error}</p>
          </div>
        ) : !loaded ? (
          <div className="card" aria-busy="true" data-testid="draw-loading">
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--line" />
          </div>
        ) : loaded.draw.seed === null ? (
          <BeforeDraw draw={loaded.draw} issue={loaded.issue} />
        ) : (
          <AfterDraw draw={loaded.draw} verification={verification} ownRef={ownRef} />
        )}
        <Limits />
      </div>
    </div>
  )
}

/** Runs the check in a worker (the main thread when workers are unavailable); returns a canceller. */
function verifyOffThread(draw: PublishedDraw, done: (v: DrawVerification) => void): () => void {
  if (typeof Worker === 'undefined') {
    const timer = setTimeout(() => done(checkPublishedDraw(draw)), 0)
    return () => clearTimeout(timer)
  }
  const worker = new Worker(new URL('./drawWorker.ts', import.meta.url), { type: 'module' })
  worker.onmessage = (event: MessageEvent<DrawVerification>) => {
    done(event.data)
    worker.terminate()
  }
  worker.onerror = () => {
    // A worker that cannot start (an old browser, a blocked script): the page does the work itself.
    worker.terminate()
    done(checkPublishedDraw(draw))
  }
  worker.postMessage(draw)
  return () => worker.terminate()
}

function BeforeDraw({ draw, issue }: { draw: PublishedDraw; issue: IpoIssue | null }) {
  const drawAt = issue ? formatDateTime(issue.drawAt) : null
  const applications = draw.applications.length.toLocaleString('en-IN')
  return (
    <div className="card" data-testid="draw-pending">
      <h2>
        <Trans>Not drawn yet</Trans>
      </h2>
      <p>{drawAt ? <Trans>The draw happens at {drawAt}. The seed is revealed then, and anyone can re-run the draw here.</Trans> : <Trans>The seed is revealed at the draw, and anyone can re-run the draw here.</Trans>}</p>
      <Field label={<Trans>Commitment (sha256 of the secret seed)</Trans>} value={draw.commitment} testId="draw-commitment" />
      {draw.digest ? (
        <>
          <p className="muted">
            <Trans>The list of {applications} applications is frozen.</Trans>
          </p>
          <Field label={<Trans>Digest of the frozen list</Trans>} value={draw.digest} testId="draw-digest" />
        </>
      ) : (
        <p className="muted">
          <Trans>The list of applications is frozen when the window closes.</Trans>
        </p>
      )}
    </div>
  )
}

function AfterDraw({ draw, verification: v, ownRef }: { draw: PublishedDraw; verification: DrawVerification | null; ownRef: string }) {
  const count = draw.applications.length.toLocaleString('en-IN')
  if (!v) {
    return (
      <div className="card" aria-busy="true" data-testid="draw-running">
        <p role="status">
          <Trans>Re-running the draw of {count} applications on this phone…</Trans>
        </p>
        <progress />
      </div>
    )
  }
  if (v.state === 'not_drawn') return null
  const mismatches = v.mismatches.length.toLocaleString('en-IN')
  const allottees = v.allottees.toLocaleString('en-IN')
  const lots = v.allottedLots.toLocaleString('en-IN')
  const allottable = draw.allottableLots.toLocaleString('en-IN')
  const minLots = draw.minLot
  return (
    <>
      <div className={`card draw-verdict ${v.allMatch ? 'draw-verdict--ok' : 'draw-verdict--bad'}`} data-testid="draw-verdict" data-ok={v.allMatch}>
        <h2>{v.allMatch ? <Trans>Every result matches</Trans> : <Trans>The results do not match</Trans>}</h2>
        <ul className="draw-checks">
          <Check ok={v.commitmentMatches} testId="check-commitment">
            {v.commitmentMatches ? <Trans>The seed matches the commitment published before any application.</Trans> : <Trans>The seed does not match the published commitment.</Trans>}
          </Check>
          <Check ok={v.digestMatches} testId="check-digest">
            {v.digestMatches ? <Trans>The list matches the digest frozen at the close.</Trans> : <Trans>The list does not match the digest frozen at the close.</Trans>}
          </Check>
          <Check ok={v.algorithmKnown} testId="check-algorithm">
            {v.algorithmKnown ? <Trans>The algorithm is the one this app runs.</Trans> : <Trans>This app does not know the draw&apos;s algorithm.</Trans>}
          </Check>
          <Check ok={v.mismatches.length === 0} testId="check-results">
            {v.mismatches.length === 0 ? <Trans>Every rank and allotment matches the server&apos;s.</Trans> : <Trans>{mismatches} applications differ from the server&apos;s result.</Trans>}
          </Check>
        </ul>
        <p className="muted">
          <Trans>
            {count} applications; {allottable} lots to allot, at least {minLots} each; {allottees} allottees received {lots} lots.
          </Trans>
        </p>
      </div>
      {ownRef ? <OwnApplication ownRef={ownRef} ours={v.results} server={draw.result} /> : null}
      <FirstRanks results={v.results} />
      <div className="card">
        <h2>
          <Trans>Inputs</Trans>
        </h2>
        <Field label={<Trans>Seed</Trans>} value={draw.seed ?? ''} testId="draw-seed" />
        <Field label={<Trans>Commitment</Trans>} value={draw.commitment} testId="draw-commitment" />
        <Field label={<Trans>Digest</Trans>} value={draw.digest ?? ''} testId="draw-digest" />
        {draw.beacon ? <Field label={<Trans>Public beacon</Trans>} value={draw.beacon} testId="draw-beacon" /> : null}
        <Field label={<Trans>Algorithm</Trans>} value={draw.algorithm} testId="draw-algorithm" />
        <p className="muted" data-testid="draw-basis">
          {draw.basis === 'proportional' ? (
            <Trans>Allotment: a placement&apos;s lots are shared in proportion to the lots each applied for; the lots left over by rounding go one each in draw order.</Trans>
          ) : (
            <Trans>Allotment (SEBI&apos;s retail rule): when there are more applications than minimum lots, the first in draw order get the minimum each; otherwise everyone gets the minimum and the rest is shared in proportion to what each asked beyond it.</Trans>
          )}
        </p>
      </div>
    </>
  )
}

function OwnApplication({ ownRef, ours, server }: { ownRef: string; ours: readonly DrawResult[]; server: readonly DrawResult[] }) {
  const mine = ours.find((r) => r.ref === ownRef)
  const theirs = server.find((r) => r.ref === ownRef)
  if (!mine) {
    return (
      <div className="card" data-testid="draw-own" data-ok="false">
        <p>
          <Trans>Your application {ownRef} is not in the published list.</Trans>
        </p>
      </div>
    )
  }
  const rank = mine.rank.toLocaleString('en-IN')
  const lots = mine.lots
  const matches = theirs?.rank === mine.rank && theirs.lots === mine.lots
  return (
    <div className="card" data-testid="draw-own" data-ok={matches}>
      <h2>
        <Trans>Your application {ownRef}</Trans>
      </h2>
      <p>
        {lots > 0 ? (
          <Plural value={lots} one={`Drawn at place ${rank}: # lot allotted.`} other={`Drawn at place ${rank}: # lots allotted.`} />
        ) : (
          <Trans>Drawn at place {rank}: no lots allotted.</Trans>
        )}
      </p>
      <p className={matches ? 'draw-ok' : 'draw-bad'}>{matches ? <Trans>The server&apos;s result for it is the same.</Trans> : <Trans>The server&apos;s result for it is different.</Trans>}</p>
    </div>
  )
}

function FirstRanks({ results }: { results: readonly DrawResult[] }) {
  if (results.length === 0) return null
  return (
    <div className="card">
      <h2>
        <Trans>First in the draw order</Trans>
      </h2>
      <ol className="draw-ranks" data-testid="draw-ranks">
        {results.slice(0, FIRST_RANKS).map((r) => (
          <RankRow key={r.ref} result={r} />
        ))}
      </ol>
    </div>
  )
}

function RankRow({ result }: { result: DrawResult }) {
  const lots = result.lots
  return (
    <li>
      <code>{result.ref}</code> <span className="muted">{lots > 0 ? <Plural value={lots} one="# lot" other="# lots" /> : <Trans>none</Trans>}</span>
    </li>
  )
}

/** What the draw proves and what it does not, said plainly. */
function Limits() {
  const beacon = useConfig('ipo_beacon')
  return (
    <div className="card draw-limits" data-testid="draw-limits">
      <h2>
        <Trans>What this proves</Trans>
      </h2>
      <p>
        <Trans>
          The seed was committed (its sha256 published) before any application, and the list of applications was frozen (its digest published) before the seed was revealed. So the order could
          not be chosen after seeing the applications, and no application could be added or changed after the seed was known.
        </Trans>
      </p>
      <h2>
        <Trans>What it does not prove</Trans>
      </h2>
      <p>
        <Trans>
          An operator who knows the seed could still file applications of its own before the close. Each application is a row checked against its PAN: one application per PAN, so extra
          applications need real verified PANs; the published list shows references, not people.
        </Trans>
      </p>
      {beacon ? (
        <p data-testid="draw-beacon-rule">
          <Trans>A public randomness beacon is mixed into this issue&apos;s draw, so even the seed&apos;s holder could not know the order in advance: {beacon}</Trans>
        </p>
      ) : (
        <p className="muted">
          <Trans>A public randomness beacon round can be mixed in, so that even the seed&apos;s holder cannot know the order in advance; this server does not use one.</Trans>
        </p>
      )}
    </div>
  )
}

function Check({ ok, testId, children }: { ok: boolean; testId: string; children: ReactNode }) {
  const { t } = useLingui()
  return (
    <li className={ok ? 'draw-ok' : 'draw-bad'} data-testid={testId} data-ok={ok}>
      <span aria-label={ok ? t`matches` : t`does not match`}>{ok ? '✓' : '✗'}</span> {children}
    </li>
  )
}

function Field({ label, value, testId }: { label: ReactNode; value: string; testId: string }) {
  return (
    <div className="draw-field">
      <span className="muted">{label}</span>
      <code data-testid={testId}>{value}</code>
    </div>
  )
}
