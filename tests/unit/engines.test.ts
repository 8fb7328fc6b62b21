/**
 * `npm ci` on the oldest Node the project supports (package.json engines) prints no EBADENGINE
 * warning but one: every locked package that names the Node versions it supports accepts ours.
 * content-disposition 3 and cookie 2 ask for Node 22 only because they became ES modules (their
 * code is that of 2.0.1 and 1.1.1, which package.json overrides pin). @rolldown/plugin-babel has
 * no release for Node 20: a build tool of Vite 8 (the Lingui macro), it runs here on Node 20 in
 * every build, and is the one warning left until the project moves to Node 22.
 */
import { readFileSync } from 'node:fs'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

type Lock = { packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } | string[] }> }
const root = new URL('../../', import.meta.url)
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as Lock
const ours = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } }).engines.node

/** Known to ask for a newer Node than ours, with no release that does not (see above). */
const NO_NODE_20_RELEASE = ['@rolldown/plugin-babel']

describe('dependencies and the Node version', () => {
  it('every locked package accepts the oldest Node the project supports, but the one documented', () => {
    const oldest = semver.minVersion(ours)!.version
    const refusing = Object.entries(lock.packages)
      // An optional package whose engines refuse our Node is skipped without a warning.
      .filter(([path, entry]) => path !== '' && !entry.optional && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(oldest, (entry.engines as { node: string }).node))
      .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')}@${entry.version}`)
    expect(refusing.map((name) => name.replace(/@[^@]*$/, ''))).toEqual(NO_NODE_20_RELEASE)
  })
})
