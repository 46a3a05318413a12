import { defineConfig } from 'tsup';

// Our workspace packages are bundled (they ship TypeScript source); npm dependencies stay external.
export default defineConfig({
  entry: {
    cli: 'src/cli.ts',
    'embedded-worker': 'src/db/embedded.worker.ts',
    'unpack-worker': 'src/lib/unpack/unpack.worker.ts',
    'gazetteer-worker': 'src/places/gazetteer.worker.ts',
    'ingest-worker': 'src/ingest/ingest.worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: true,
  noExternal: [/^@rumbo\//],
  // Migrations stay plain SQL files next to the bundle.
  onSuccess: 'rm -rf dist/db && mkdir -p dist/db && cp -r src/db/migrations dist/db/',
});
