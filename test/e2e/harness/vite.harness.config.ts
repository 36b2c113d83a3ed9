/**
 * DEV-ONLY build of the renderer against the fake kiosk API (fake-kiosk-api.ts), for looking at
 * screens before or apart from the main process. Output: dist/renderer-harness (git-ignored).
 *   npx vite build --config test/e2e/harness/vite.harness.config.ts
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API = fileURLToPath(new URL('../../../renderer/api/index.ts', import.meta.url));
const FAKE = fileURLToPath(new URL('./api-index.ts', import.meta.url));

function fakeApi(): Plugin {
  return {
    name: 'harness-fake-kiosk-api',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === API ? FAKE : null;
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('../../../renderer', import.meta.url)),
  base: './',
  plugins: [fakeApi(), react()],
  build: { outDir: fileURLToPath(new URL('../../../dist/renderer-harness', import.meta.url)), emptyOutDir: true, target: 'chrome120' },
});
