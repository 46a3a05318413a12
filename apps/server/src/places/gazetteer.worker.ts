// Builds the embedded gazetteer off the main thread (the built server's `gazetteer-worker.js`):
// the JSON parsing and indexing take a second or two; the typed arrays are handed over.
import { parentPort } from 'node:worker_threads';
import { buildParts } from './gazetteer.js';

const parts = await buildParts();
parentPort!.postMessage(parts, [
  parts.index,
  parts.lats.buffer,
  parts.lngs.buffer,
  parts.names.buffer,
  parts.nameEnds.buffer,
  parts.adminOf.buffer,
  parts.countryOf.buffer,
] as ArrayBuffer[]);
