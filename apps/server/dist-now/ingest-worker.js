import {
  IO_TABLES,
  familyOfModel,
  ioTableKey,
  newIngestCounters,
  packPositions,
  startIngest
} from "./chunk-ZDWDECJT.js";

// src/ingest/ingest.worker.ts
import { parentPort, workerData } from "worker_threads";
var port = parentPort;
var options = workerData;
function post(message, transfer = []) {
  port.postMessage(message, transfer);
}
function log(level, obj, msg) {
  try {
    post({ t: "log", level, obj, msg });
  } catch {
    const plain = {};
    for (const [key, value] of Object.entries(obj))
      plain[key] = value instanceof Error ? value.message : String(value);
    post({ t: "log", level, obj: plain, msg });
  }
}
var nextId = 1;
var resolving = /* @__PURE__ */ new Map();
var submitting = /* @__PURE__ */ new Map();
var tables = /* @__PURE__ */ new Map();
var subs = [];
var records = [];
var isFlushScheduled = false;
function flush() {
  isFlushScheduled = false;
  if (subs.length === 0) return;
  const batch = packPositions(records);
  const ids = Int32Array.from(subs);
  subs = [];
  records = [];
  post({ t: "submit", subs: ids, batch }, [batch.columns.buffer, ids.buffer]);
}
var counters = newIngestCounters();
var sent = newIngestCounters();
function sendCounters() {
  let delta;
  for (const key of Object.keys(counters)) {
    const change = counters[key] - sent[key];
    if (change === 0) continue;
    (delta ??= {})[key] = change;
    sent[key] = counters[key];
  }
  if (delta) post({ t: "counters", delta });
}
var countersTimer = setInterval(sendCounters, 20);
var ctx = {
  resolveDevice(uniqueId, protocol) {
    const id = nextId++;
    post({ t: "resolve", id, uniqueId, protocol });
    return new Promise((resolve, reject) => resolving.set(id, { resolve, reject }));
  },
  submit(device, positions) {
    const id = nextId++;
    subs.push(id, device.handle, positions.length);
    for (const p of positions) records.push(p);
    if (!isFlushScheduled) {
      isFlushScheduled = true;
      setImmediate(flush);
    }
    return new Promise((resolve, reject) => submitting.set(id, { resolve, reject }));
  },
  // The main thread sends a device's table with the device, and again when administration edits it.
  ioTable: (device) => tables.get(ioTableKey(device)) ?? IO_TABLES[familyOfModel(device.model ?? void 0)],
  nowMs: () => Date.now() + options.clockOffsetMs,
  log: {
    info: (obj, msg) => log("info", obj, msg),
    warn: (obj, msg) => log("warn", obj, msg),
    debug: (obj, msg) => log("debug", obj, msg)
  },
  counters
};
var listeners = await startIngest(ctx, { ...options, workers: 0 });
port.on("message", (message) => {
  switch (message.t) {
    case "resolved": {
      if (message.table) tables.set(message.table[0], message.table[1]);
      const waiting = resolving.get(message.id);
      resolving.delete(message.id);
      if (message.error !== void 0) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.device);
      return;
    }
    case "results": {
      const { ok } = message;
      for (let i = 0; i < ok.length; i += 3) {
        const waiting = submitting.get(ok[i]);
        submitting.delete(ok[i]);
        waiting?.resolve({ accepted: ok[i + 1], rejected: ok[i + 2] });
      }
      for (const [id, reason] of message.failed) {
        const waiting = submitting.get(id);
        submitting.delete(id);
        waiting?.reject(new Error(reason));
      }
      return;
    }
    case "tables":
      for (const [key, table] of message.tables) tables.set(key, table);
      return;
    case "close":
      clearInterval(countersTimer);
      void listeners.close().then(() => {
        sendCounters();
        post({ t: "closed" });
      });
  }
});
post({
  t: "ready",
  teltonikaPort: listeners.teltonikaPort,
  osmandPort: listeners.osmandPort,
  streamPorts: listeners.streamPorts
});
//# sourceMappingURL=ingest-worker.js.map