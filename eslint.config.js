import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import pluginLingui from 'eslint-plugin-lingui'
import globals from 'globals'

// Words a person reads must go through Lingui: a bare letter in JSX text or in a
// user-facing attribute fails the lint (STYLE.md practice 7).
const untranslatedJsx = [
  {
    selector: 'JSXText[value=/\\p{L}/u]:not(JSXElement[openingElement.name.name="Trans"] JSXText)',
    message: 'Wrap user-visible text in <Trans> so it is translated.',
  },
  {
    selector: 'JSXAttribute[name.name=/^(placeholder|title|alt|aria-label|label)$/] > Literal[value=/\\p{L}/u]',
    message: 'Translate user-visible attributes with t`...`.',
  },
]

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'node_modules/', 'data/', 'src/routeTree.gen.ts', 'locales/*.js', 'tests/e2e/artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use an `as const` object instead of enum.' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, ...pluginLingui.configs['flat/recommended'].plugins },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginLingui.configs['flat/recommended'].rules,
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use an `as const` object instead of enum.' },
        ...untranslatedJsx,
      ],
      // Only src/data/ talks to IndexedDB and the network (STYLE.md practice 2).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'dexie', message: 'Import from src/data/ instead: it owns IndexedDB.' },
            { name: 'ky', message: 'Import from src/data/api.ts instead: it owns the network.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/data/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The app reads the contract's reply types only: its TypeBox schemas are the server's, and
    // must not enter the app's bundle (src/contract/replies.ts).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/contract/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/contract/replies'], allowTypeImports: true, message: 'Import the reply types with `import type`; the schemas are for the server.' }] },
      ],
    },
  },
  {
    // The back office is a staff tool in English (DESIGN.md 6 is about the user app): no catalogs.
    files: ['src/admin/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use an `as const` object instead of enum.' }] },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off', 'no-restricted-imports': 'off' },
  },
)
