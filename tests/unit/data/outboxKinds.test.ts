/**
 * The outbox's one registry of kinds, checked against what it must agree with: the catalogs (each
 * label translated in every language), the app's source (every kind it queues is declared, every
 * declared kind is queued) and the real server's route table (each path an idempotent, signed-in
 * route). Each list comes from the registry or from the code, none by hand.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX } from '../../../server/app'
import { db } from '../../../src/data/db'
import { enqueue } from '../../../src/data/outbox'
import { OUTBOX_KINDS, isOutboxKind, outboxKind, type OutboxKind } from '../../../src/data/outboxKinds'
import { LANGUAGES } from '../../../src/i18n/languages'
import { createTestApp, type TestApp } from '../../server/helpers'
import { readCatalog } from '../i18n/catalogs'

const kinds = Object.entries(OUTBOX_KINDS)

/** Every .ts/.tsx file under src/, with its text. */
function sourceFiles(): { path: string; text: string }[] {
  const root = fileURLToPath(new URL('../../../src/', import.meta.url))
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path))
    .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }))
}

describe('outbox kinds', () => {
  for (const lang of LANGUAGES) {
    it(`names every kind in words the user reads: a label translated in ${lang}.po`, () => {
      const catalog = readCatalog(lang)
      // Listed by kind, so the failure says which one to name or translate.
      const missing = kinds.filter(([, declared]) => !declared.label.id || !catalog.get(declared.label.id)?.translated).map(([kind]) => kind)
      expect(missing).toEqual([])
    })
  }

  it('has every kind the app queues declared, and every declared kind queued somewhere', () => {
    const queued = new Map<string, string[]>()
    const computed: string[] = []
    for (const { path, text } of sourceFiles()) {
      for (const call of text.matchAll(/(?<!function )\benqueue\(\s*([^,)]*)/g)) {
        const literal = /^'([^']+)'$/.exec(call[1]!.trim())
        if (!literal) computed.push(`${path}: enqueue(${call[1]}`)
        else queued.set(literal[1]!, [...(queued.get(literal[1]!) ?? []), path])
      }
    }
    // A kind built at run time could not be checked here: each call names its kind.
    expect(computed).toEqual([])
    expect([...queued.keys()].filter((kind) => !isOutboxKind(kind))).toEqual([])
    expect(kinds.map(([kind]) => kind).filter((kind) => !queued.has(kind))).toEqual([])
  })

  it('refuses to queue a kind that is not declared, and stores nothing', async () => {
    await db.outbox.clear()
    await expect(enqueue('loginPass' as OutboxKind, {})).rejects.toThrow(/not declared/)
    expect(await db.outbox.count()).toBe(0)
  })

  it('knows only its own kinds, not names every object has', () => {
    expect(outboxKind('signIn')).toBe(OUTBOX_KINDS.signIn)
    expect(outboxKind('toString')).toBeUndefined()
    expect(outboxKind('constructor')).toBeUndefined()
  })

  describe('against the server', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp()
      await t.app.ready()
    })
    afterAll(() => t.close())

    it('sends each kind to a route that needs a session and an Idempotency-Key', () => {
      const routes = new Map(t.app.routeTable.filter((route) => route.method === 'POST').map((route) => [route.url, route]))
      const wrong = kinds
        .map(([kind, declared]) => ({ kind, route: routes.get(`${API_PREFIX}${declared.path}`) }))
        .filter(({ route }) => !route || route.access !== 'user' || !route.idempotent)
        .map(({ kind, route }) => `${kind}: ${route ? `access ${route.access}, idempotent ${route.idempotent}` : 'no such route'}`)
      expect(wrong).toEqual([])
    })
  })
})
