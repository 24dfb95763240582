// The server-side build of the public pages (decision 0037): src/web/entry-server.tsx, as an ES
// module for Node, into dist/web/.ssr (a dot-folder the static file server never serves). Run by
// `npm run build` after the browser build, which empties dist/web. The packages are bundled in
// (one copy of React for the renderer and the pages), so a build in another folder (the bench's)
// runs without a node_modules beside it.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react()],
  ssr: { noExternal: true },
  build: {
    ssr: 'entry-server.tsx',
    outDir: '../../dist/web/.ssr',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});
