import { resolve } from 'node:path'
import { type Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { transformAsync } from '@babel/core'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { precompressDir } from './scripts/precompress.ts'

const apiTarget = `http://localhost:${process.env.API_PORT ?? 8080}`

/**
 * sonner injects its CSS as a <style> element when it loads, which the server's CSP
 * (style-src 'self', server/plugins/security-headers.ts) refuses. Its package ships the same
 * sheet as dist/styles.css: import that into our CSS bundle and drop the injection. A sonner
 * release that changes the call fails the build here instead of losing the toasts' styles.
 */
function sonnerStylesheet(): Plugin {
  const injection = /^__insertCSS\("(?:[^"\\]|\\.)*"\);?$/m
  return {
    name: 'tijori:sonner-stylesheet',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null
      if (!injection.test(code)) this.error('sonner no longer injects its CSS through one __insertCSS("...") call: revisit sonnerStylesheet()')
      return { code: code.replace(injection, "import 'sonner/dist/styles.css'"), map: null }
    },
  }
}

/**
 * Lingui's macros (`@lingui/core/macro`, `@lingui/react/macro`) compiled by Babel with Lingui's
 * macro plugin, before Vite's own transforms, in the files that import them (a screen split off by
 * the router keeps its file's name with a query after it). Written here rather than taken from
 * @rolldown/plugin-babel, whose every release names only Node 22 and made `npm ci` warn on the
 * Node 20 this project supports (issue 15); Babel and the macro plugin do the work either way.
 */
function linguiMacros(): Plugin {
  return {
    name: 'tijori:lingui-macros',
    enforce: 'pre',
    transform: {
      filter: { id: { include: /\.[jt]sx?(?:$|\?)/, exclude: /[\\/]node_modules[\\/]/ }, code: /@lingui\/[a-z]+\/macro/ },
      async handler(code, id) {
        const syntax: ('typescript' | 'jsx')[] = /\.tsx(?:$|\?)/.test(id) ? ['typescript', 'jsx'] : /\.ts(?:$|\?)/.test(id) ? ['typescript'] : ['jsx']
        const result = await transformAsync(code, {
          filename: id,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { sourceType: 'module', plugins: syntax },
          plugins: ['@lingui/babel-plugin-lingui-macro'],
        })
        if (!result?.code) this.error(`Babel returned nothing for ${id}`)
        return { code: result.code, map: result.map }
      },
    },
  }
}

/** Writes .br and .gz beside the built text files (server/plugins/static-files.ts sends them). */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'tijori:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    // After vite-plugin-pwa has written sw.js in its own closeBundle.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = await precompressDir(outDir)
        const total = (pick: (f: (typeof files)[number]) => number | null) => files.reduce((sum, f) => sum + (pick(f) ?? f.raw), 0)
        const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`
        this.environment.logger.info(
          `precompressed ${files.length} files: ${kib(total((f) => f.raw))} -> ${kib(total((f) => f.br))} br, ${kib(total((f) => f.gzip))} gzip`,
        )
      },
    },
  }
}

/**
 * The app's own modules (what src/main.tsx imports, at any depth) as one chunk, and those the back
 * office also imports as another, instead of a chunk for every set of lazy screens that shares
 * them: the start fetches every one of them anyway, and each file costs it a request, a
 * <link rel="modulepreload"> that Vite's preload helper inserts and a response handled on the
 * main thread. Seventeen files made the helper's task 130 ms at 4x CPU (issue 15). What the
 * entry (src/boot.ts) imports stays in the entry, and the lazy screens' modules are chunked as before.
 */
function appChunks() {
  const chunkOf = new Map<string, 'app' | 'shared'>()
  // The sets are whole (every static import of a member is a member, in the entry, or the
  // bundler's own), so the groups need not pull in dependencies; pulling them in would take the
  // entry's modules (the install offer, the preload helper) out of the entry.
  const group = (name: 'app' | 'shared', priority: number) => ({ name, test: (id: string) => chunkOf.get(id) === name, priority, includeDependenciesRecursively: false as const })
  const groups = [group('shared', 2), group('app', 1)]
  // What the start runs: the entry (src/boot.ts, index.html's input `main`) and the two groups.
  const compiledAtLoad = ['main', ...groups.map((g) => g.name)]
  const plugin: Plugin = {
    name: 'tijori:app-chunks',
    apply: 'build',
    buildEnd(error) {
      chunkOf.clear()
      if (error) return
      const reach = (entry: string): Set<string> => {
        const seen = new Set<string>()
        const todo = [resolve(import.meta.dirname, entry)]
        for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
          if (seen.has(id)) continue
          seen.add(id)
          todo.push(...(this.getModuleInfo(id)?.importedIds ?? []))
        }
        return seen
      }
      const boot = reach('src/boot.ts')
      const app = reach('src/main.tsx')
      const admin = reach('src/admin/main.tsx')
      if (app.size < 2 || admin.size < 2) this.error('appChunks() found no module graph under src/main.tsx or src/admin/main.tsx: revisit it')
      // Rolldown's and Vite's own modules (\0…) go where the bundler puts them.
      for (const id of app) if (!boot.has(id) && !id.startsWith('\0')) chunkOf.set(id, admin.has(id) ? 'shared' : 'app')
    },
    // Chromium (156, tried here) used no code cache for module scripts, not even for those the
    // service worker serves from its cache, so every start compiles them again, and V8 compiles a
    // function on the main thread when it is first called: 460-570 ms of traces of the offline
    // start at 4x CPU, 110-210 with this. The start calls most functions of these files, so V8 is
    // told to compile them all while they arrive, on another thread (explicit compile hints, Chrome
    // 136). The comment counts only as the file's first line, above the one Vite adds to list the
    // preloads: hence this runs after Vite's own generateBundle.
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const hinted = Object.values(bundle).filter((file) => file.type === 'chunk').filter((chunk) => compiledAtLoad.includes(chunk.name))
        if (hinted.length !== compiledAtLoad.length) this.error(`appChunks() expected the chunks ${compiledAtLoad.join(', ')}: revisit it`)
        for (const chunk of hinted) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`
      },
    },
  }
  return { plugin, groups }
}
const { plugin: appChunksPlugin, groups: appChunkGroups } = appChunks()

export default defineConfig({
  plugins: [
    sonnerStylesheet(),
    appChunksPlugin,
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      autoCodeSplitting: true,
      // A loader goes into its screen's chunk (the plugin's default keeps loaders in the entry):
      // the Dexie reads the signed-in screens start with are not code the first route fetches.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']] },
    }),
    react(),
    linguiMacros(),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Tijori',
        short_name: 'Tijori',
        description: 'Invest from your phone, online or offline',
        theme_color: '#0f5132',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: './',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // The back office is not part of the installed app: never precached for users.
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'], globIgnores: ['admin.html', 'assets/admin-*'] },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  // `import { type X } from './m'` (STYLE.md 8) leaves a bare `import './m'` under the tsconfig's
  // verbatimModuleSyntax, so a module imported for its types still ran and shipped: the contract's
  // TypeBox schemas (src/contract/replies.ts) came onto the first route through data/sync.ts.
  // Imports left with no value in use are dropped instead, as TypeScript does without that flag.
  oxc: { typescript: { onlyRemoveTypeImports: false } },
  server: { proxy: { '/api': apiTarget } },
  build: {
    target: 'es2022',
    // Every browser the app supports (es2022) knows <link rel="modulepreload">; the polyfill was
    // a file of its own on the first route.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // Two pages: the PWA and the back office (admin.html), each its own entry and bundle.
    rollupOptions: { input: { main: 'index.html', admin: 'admin.html' }, output: { codeSplitting: { groups: appChunkGroups } } },
  },
  test: {
    // Two files at a time: vitest's default (cores - 1) leaves one of two cores idle.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
          hookTimeout: 30000, // a hook may start the real server
          // Files share a worker, as on the server project: each src/data file importing the server
          // afresh took 70 s of the suite's 136. The setup file gives each its own IndexedDB and modules.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          // Files share a worker's modules: each file re-importing the server cost 2 s of CPU, half
          // the suite's time. Every file opens and closes its own database, app and clock.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One data folder prepared per run; each file's server starts from a copy of it.
          globalSetup: ['tests/e2e/support/data-template.ts'],
          // Fails any test during which the browser refused something under the CSP.
          setupFiles: ['tests/e2e/support/csp-setup.ts', 'tests/e2e/support/data-template-setup.ts'],
          testTimeout: 180000,
          hookTimeout: 180000,
          // A poll gives up after 10 s, not vitest's 1 s: with two files at a time a lazy screen can
          // take over a second to appear after a navigation (CI failed on one that took longer).
          expect: { poll: { timeout: 10000 } },
          // Two files at a time (the root's maxWorkers): a browser file waits on timers, the browser
          // and its own server for most of its time; two take about 710 s where one at a time took
          // 1,130 s. Nothing else runs beside them in CI (.ci/run).
        },
      },
    ],
  },
})
