import { defineConfig } from '@lingui/conf'

// Stored language codes are the app's own (DESIGN.md section 6); catalogs are named after them.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'tw', 'kr', 'yd'],
  catalogs: [{ path: '<rootDir>/locales/{locale}', include: ['src'] }],
  format: 'po',
})
