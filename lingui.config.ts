import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

/**
 * Features whose strings live in a catalog of their own, loaded when one of their screens opens
 * (src/i18n/setup.ts loadArea, called by their routes): the first route loads the main catalog whole, so the second
 * half's screens must not grow it. A folder here is left out of the main catalog.
 */
export const AREAS = {
  shares: ['src/features/ipo', 'src/features/dividends'],
  funds: ['src/features/funds', 'src/lib/fundEntry.ts'],
  block: ['src/features/block'],
  follow: ['src/features/follow'],
  vip: ['src/features/vip'],
  loan: ['src/features/loan'],
  support: ['src/features/support'],
  inbox: ['src/features/inbox'],
  quiz: ['src/features/quiz'],
  privacy: ['src/features/privacy'],
  device: ['src/features/device'],
  identity: ['src/features/identity'],
  // Screens of long texts no first route needs: the market's rules, how the indices are computed,
  // the agreement, about, the profile.
  pages: ['src/features/market/MarketRulesScreen.tsx', 'src/features/market/IndicesScreen.tsx', 'src/features/market/IndexDetailScreen.tsx', 'src/features/account/AgreementScreen.tsx', 'src/features/account/AboutUsScreen.tsx', 'src/features/account/AboutInfoScreen.tsx', 'src/features/account/UserInfoScreen.tsx'],
}

/** A folder stands for everything in it; a file for itself. */
const glob = (path: string) => (/\.tsx?$/.test(path) ? `<rootDir>/${path}` : `<rootDir>/${path}/**`)

// Stored language codes are the app's own (DESIGN.md section 6); catalogs are named after them.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'tw', 'kr', 'yd'],
  catalogs: [
    { path: '<rootDir>/locales/{locale}', include: ['src'], exclude: Object.values(AREAS).flatMap((paths) => paths.map(glob)) },
    ...Object.entries(AREAS).map(([area, dirs]) => ({ path: `<rootDir>/locales/${area}/{locale}`, include: dirs })),
  ],
  // No source line numbers: they changed with every edit above a string and made merges conflict.
  format: formatter({ origins: false }),
})
