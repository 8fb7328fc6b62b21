import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { AREAS } from '../../../lingui.config'
import { activateLanguage, i18n, loadArea } from '../../../src/i18n/setup'

const ROUTES = join(import.meta.dirname, '../../../src/routes')

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? routeFiles(join(dir, entry.name)) : [join(dir, entry.name)]))
}

describe('area catalogs', () => {
  afterEach(async () => activateLanguage('en'))

  // A screen of an area renders its strings only once its catalog is loaded: its route's loader does it.
  it.each(Object.entries(AREAS))('every route to a screen of area %s loads its catalog', (area, dirs) => {
    // A folder is matched by an import from inside it (`features/x/`), a file by its own import
    // path, up to the closing quote (`features/x/Screen'`).
    const imports = dirs.map((path) => {
      const inside = path.replace(/^src\//, '')
      return /\.tsx?$/.test(inside) ? `${inside.replace(/\.tsx?$/, '')}'` : `${inside}/`
    })
    const routes = routeFiles(ROUTES).map((file) => ({ file, source: readFileSync(file, 'utf8') }))
    for (const { file, source } of routes.filter(({ source }) => imports.some((path) => source.includes(path)))) {
      expect(source, file).toContain(`loadArea('${area}')`)
    }
  })

  it('adds an area in the current language, and brings it along when the language changes', async () => {
    const toBePaid = generateMessageId('To be paid')
    await activateLanguage('tw')
    expect(i18n._(toBePaid)).toBe(toBePaid)
    await loadArea('shares')
    expect(i18n._(toBePaid)).toBe('待發放')
    await activateLanguage('kr')
    expect(i18n._(toBePaid)).toBe('지급 예정')
    // The main catalog is still whole.
    expect(i18n._(generateMessageId('Dividends'))).toBe('배당금')
  })
})
