import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The renderer build (issue 8): root renderer/, output renderer/dist. `base: './'` keeps every
 * asset path relative, so the same build loads from the browser host's http://127.0.0.1 origin
 * and from a file:// or custom-protocol URL in Electron. Everything is bundled: the kiosk works
 * offline, so no font, script or style may come from a CDN.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'chrome120',
    // A kiosk loads from disk: one chunk per page is faster than many small requests.
    chunkSizeWarningLimit: 1500,
  },
});
