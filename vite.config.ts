import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { geographyPlugin } from './scripts/vite-geography.ts';

const gameServer = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: 'client',
  plugins: [react(), geographyPlugin()],
  // The geography worker (client/map/geographyWorker.ts) loads its 50m detail as a chunk of its own.
  worker: { format: 'es', plugins: () => [geographyPlugin()] },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    rollupOptions: {
      // The service worker is an entry of its own at a fixed name: its scope is the folder it is
      // served from, and the browser checks that one URL for updates.
      input: {
        main: fileURLToPath(new URL('client/index.html', import.meta.url)),
        sw: fileURLToPath(new URL('client/sw.ts', import.meta.url)),
      },
      output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js') },
    },
  },
  server: {
    // Keys are path prefixes: the trailing slash keeps client modules such as /api.ts served by Vite.
    proxy: {
      '/api/': { target: gameServer },
      '/matchmake/': { target: gameServer, ws: true },
      // The world room's sockets (client/state/room.ts LIVE_SOCKET_PREFIX).
      '/live/': { target: gameServer, ws: true },
    },
    // The client imports the shared contract from ../schema, outside Vite's root.
    fs: { allow: ['..'] },
  },
});
