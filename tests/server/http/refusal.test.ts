/**
 * The refusals each route documents (the "Refusals: code {param, ...}" line of its OpenAPI
 * description) are the contract's (src/contract/refusals.ts), params included. What the server
 * throws is held to the contract by the types of DomainRefusal and HttpError; this holds the API
 * document to it too, over every route served, so a route added later is checked by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isRefusalCode, paramNamesOf, REFUSAL_CODES } from '../../../src/contract/refusals'
import { createTestApp, type TestApp } from '../helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Operation = { description?: string }

/** Each code named after "Refusals:", with the params written after it in braces. */
function documentedRefusals(description: string): { code: string; params: string[] }[] {
  const at = description.indexOf('Refusals:')
  if (at < 0) return []
  // Asides in parentheses are prose; a sentence after the list ends it.
  const list = description.slice(at + 'Refusals:'.length).replaceAll(/\([^)]*\)/g, '').split(/\.\s/)[0] ?? ''
  const found: { code: string; params: string[] }[] = []
  for (const m of list.matchAll(/(?:^|[,;])\s*(?:HTTP \d{3} )?([a-z][a-z0-9_]*)(?:\s*\{([^}]*)\})?/g)) {
    found.push({ code: m[1]!, params: (m[2] ?? '').split(',').map((p) => p.trim().replace(/\?$/, '')).filter(Boolean) })
  }
  return found
}

describe('refusals in the API document', () => {
  it('names only declared codes, with only their declared params', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> }
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.values(ops).flatMap((op) => documentedRefusals(op.description ?? '').map((r) => ({ path, ...r }))),
    )
    // Most routes that change something list their refusals: accounts, identity, funds, trade, admin.
    expect(documented.length).toBeGreaterThan(40)
    for (const { path, code, params } of documented) {
      expect(isRefusalCode(code), `${path}: ${code}`).toBe(true)
      if (isRefusalCode(code)) expect(paramNamesOf(code), `${path}: ${code}`).toEqual(expect.arrayContaining(params))
    }
    // Sanity: the parse reads the codes with params too.
    expect(documented).toContainEqual(expect.objectContaining({ code: 'password_length', params: ['min', 'max'] }))
    expect(REFUSAL_CODES).toContain('too_many_attempts')
  })
})
