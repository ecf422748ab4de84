/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Imports that leave their folder name the module from src (`@/lib/supabase`), never `../../..`.
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The importers' refang rules, shared so a value pasted in the app is read as the importers read it.
      '@intel/refang': fileURLToPath(new URL('../intel/src/normalise/refang.ts', import.meta.url)),
      // The dnstwist-style generator, run in the page: the server stores and matches what it yields.
      '@intel/brand': fileURLToPath(new URL('../intel/src/brand/lookalikes.ts', import.meta.url)),
      // The importer's reading of one asset row (and its CPE 2.3 reader), so the asset dialog accepts
      // exactly what a CSV row imports.
      '@intel/asset-row': fileURLToPath(new URL('../intel/src/assets/asset-row.ts', import.meta.url)),
      // The importers' canonical ranges, ASNs, fingerprints and free-text observables.
      '@intel/observables': fileURLToPath(new URL('../intel/src/normalise/observables.ts', import.meta.url)),
      // The importers' one canonical text per indicator type, so a pasted value is the value a feed gives.
      '@intel/canonical': fileURLToPath(new URL('../intel/src/normalise/canonical.ts', import.meta.url)),
      // The indicator types and TLP levels, one list for the app, the importers and the edge functions.
      '@intel/model': fileURLToPath(
        new URL('../supabase/functions/_shared/controls/model.ts', import.meta.url),
      ),
      // The feed map's reading and the pipeline's preparation of a row, so the map builder's preview
      // is what the importer stores (intel/src/formats/mapped/preview.ts).
      '@intel/feed-map': fileURLToPath(new URL('../intel/src/formats/mapped/preview.ts', import.meta.url)),
      // jsPDF's optional helpers, never used (see the stub's comment).
      ...Object.fromEntries(
        ['html2canvas', 'canvg', 'dompurify'].map((name) => [
          name,
          fileURLToPath(new URL('./src/lib/pdf/absent-module.ts', import.meta.url)),
        ]),
      ),
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: {
    target: 'es2022',
    // Source maps stay out of the served folder: they would hand the app's source to any visitor.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: an app release does not make browsers download React again. Chakra and
        // the state libraries are left to the default split, so the public pages fetch only the parts they
        // render (one Chakra chunk carried every component of every page: 119 KB where 60 are used).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'supabase', test: /node_modules[\\/](@supabase)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Chakra-heavy component tests take seconds on 2 shared cores; 5 s flakes there.
    testTimeout: 20_000,
  },
});
