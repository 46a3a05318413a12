import {
  buildParts
} from "./chunk-NYWFFXTU.js";

// src/places/gazetteer.worker.ts
import { parentPort } from "worker_threads";
var parts = await buildParts();
parentPort.postMessage(parts, [
  parts.index,
  parts.lats.buffer,
  parts.lngs.buffer,
  parts.names.buffer,
  parts.nameEnds.buffer,
  parts.adminOf.buffer,
  parts.countryOf.buffer
]);
//# sourceMappingURL=gazetteer-worker.js.map