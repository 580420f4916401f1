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
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
