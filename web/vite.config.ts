import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// The app uses @quire/client from its source, so it needs no separate client build.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: { '@quire/client': fileURLToPath(new URL('../client/src/index.ts', import.meta.url)) },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  server: { port: 5173, strictPort: false },
  build: { target: 'es2022', sourcemap: true },
})
