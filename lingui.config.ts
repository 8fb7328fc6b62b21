import { defineConfig } from '@lingui/conf'

/**
 * Features whose strings live in a catalog of their own, loaded when one of their screens opens
 * (src/i18n/setup.ts loadArea, called by their routes): the first route loads the main catalog whole, so the second
 * half's screens must not grow it. A folder here is left out of the main catalog.
 */
export const AREAS = { shares: ['src/features/ipo', 'src/features/dividends'] }

// Stored language codes are the app's own (DESIGN.md section 6); catalogs are named after them.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'tw', 'kr', 'yd'],
  catalogs: [
    { path: '<rootDir>/locales/{locale}', include: ['src'], exclude: Object.values(AREAS).flatMap((dirs) => dirs.map((dir) => `<rootDir>/${dir}/**`)) },
    ...Object.entries(AREAS).map(([area, dirs]) => ({ path: `<rootDir>/locales/${area}/{locale}`, include: dirs })),
  ],
  format: 'po',
})
