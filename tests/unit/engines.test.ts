/**
 * `npm ci` on the oldest Node the project supports (package.json engines) prints no EBADENGINE
 * warning: every locked package that names the Node versions it supports accepts ours.
 * content-disposition 3 and cookie 2 ask for Node 22 only because they became ES modules (their
 * code is that of 2.0.1 and 1.1.1, which package.json overrides pin). @rolldown/plugin-babel, whose
 * every release names Node 22 only, is not used: vite.config.ts runs Babel for the Lingui macros
 * itself (linguiMacros).
 */
import { readFileSync } from 'node:fs'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

type Lock = { packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } | string[] }> }
const root = new URL('../../', import.meta.url)
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as Lock
const ours = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } }).engines.node

describe('dependencies and the Node version', () => {
  it('every locked package accepts the oldest Node the project supports', () => {
    const oldest = semver.minVersion(ours)!.version
    const refusing = Object.entries(lock.packages)
      // An optional package whose engines refuse our Node is skipped without a warning.
      .filter(([path, entry]) => path !== '' && !entry.optional && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(oldest, (entry.engines as { node: string }).node))
      .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')}@${entry.version}`)
    expect(refusing).toEqual([])
  })
})
