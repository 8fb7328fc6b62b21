// The market's sectors (server/market/instruments.ts SECTORS): an issue lists into one of them, and
// the server answers any other with a 400. Copied, not imported, so the admin bundle does not
// carry the whole instrument universe; tests/unit/admin/sectors.test.ts keeps the two equal.
export const SECTORS = [
  'Automobile and Auto Components',
  'Capital Goods',
  'Construction',
  'Construction Materials',
  'Consumer Durables',
  'Consumer Services',
  'Financial Services',
  'Fast Moving Consumer Goods',
  'Healthcare',
  'Information Technology',
  'Metals & Mining',
  'Oil, Gas & Consumable Fuels',
  'Power',
  'Services',
  'Telecommunication',
] as const
