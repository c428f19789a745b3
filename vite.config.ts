import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { bundleReport } from './pwa/scripts/bundle-report';
import { precompress } from './pwa/scripts/precompress';
import { routePreload } from './pwa/scripts/route-preload';

const BRAND = '#3b4cca';

export default defineConfig({
  root: 'pwa',
  publicDir: 'public',
  build: {
    outDir: '../dist/pwa',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // The PWA imports messages, constants and rules from shared-types, never its TypeBox
      // schemas: schema builders (`Type.*`) are pure and TypeBox's own modules are dropped when
      // unused, so a page that needs one message does not download the schema library (-12 kB
      // gzip on the entry). The bundle report fails the build if TypeBox reaches the landing page.
      treeshake: {
        manualPureFunctions: ['Type'],
        moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]typebox[\\/]/.test(id),
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'SMB Finance',
        short_name: 'SMB Finance',
        description:
          'Customers, quotes, orders and invoices for small businesses — online or offline.',
        lang: 'en',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: BRAND,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,ttf,webmanifest}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
    // The landing page is most visitors' first: its route chunks load with the entry, not after it.
    routePreload({ '/': 'src/public/landing/LandingPage.tsx' }),
    bundleReport({
      entries: {
        landing: 'src/public/landing/LandingPage.tsx',
        dashboard: 'src/app/layouts/DashboardLayout.tsx',
      },
      forbiddenInLanding: [
        /[\\/]typebox[\\/]/,
        /[\\/]dexie[\\/]/,
        /[\\/]@tiptap[\\/]/,
        /[\\/]@mantine[\\/]tiptap[\\/]/,
        /DashboardLayout/,
      ],
    }),
    // Last: brotli and gzip copies of every text asset, the service worker included.
    precompress(),
  ],
});
