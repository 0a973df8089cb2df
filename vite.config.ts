import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'src/client',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      // The engine is a pure library: a module of it the page does not call (Faker's locale
      // tables behind the sample generator, zod schemas) has nothing to run and is left out.
      treeshake: { moduleSideEffects: (id) => !id.includes('/src/engine/') },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
