#!/usr/bin/env node
// The `rumbo` command: runs the built CLI (build it with `npm run build -w @rumbo/server`).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('rumbo: not built yet — run `npm run build -w @rumbo/server` first');
  process.exit(1);
}
await import(entry.href);
