import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { precompress } from './precompress.js';

// `vite` serves the app with hot reload on :5173 and forwards server paths to `opsdeck serve` on :8080.
const server = process.env.OPSDECK_DEV_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: false },
      // /health is both the server's probe and the app's Health page: page loads stay in the app
      '/health': {
        target: server,
        bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
      },
      '/ready': { target: server },
      '/metrics': { target: server },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // what the entry runs before the app's scripts are in (main.tsx: the early requests)
            // stays a small chunk of its own, so those requests are not held back by the rest
            {
              name: 'start',
              test: /preload-helper|\/src\/(api\/|app\/earlyRequests|features\/health\/(summaryRequest|timeRanges))/,
              priority: 2,
            },
            // small modules that two or more chunks share (components, hooks, icons) go together:
            // split apart they were ~100 chunks of a median 1.5 KB, fetched six at a time, and half
            // a second of the first page's load
            { name: 'shared', minShareCount: 2, maxModuleSize: 20_000, priority: 1 },
          ],
        },
      },
    },
  },
});
