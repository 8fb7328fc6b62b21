import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'

const apiTarget = `http://localhost:${process.env.API_PORT ?? 8080}`

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts', autoCodeSplitting: true }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
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
  ],
  server: { proxy: { '/api': apiTarget } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Two pages: the PWA and the back office (admin.html), each its own entry and bundle.
    rollupOptions: { input: { main: 'index.html', admin: 'admin.html' } },
  },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', setupFiles: ['tests/unit/setup.ts'] } },
      { test: { name: 'server', include: ['tests/server/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 60000 } },
      { test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node', testTimeout: 180000, hookTimeout: 180000, fileParallelism: false } },
    ],
  },
})
