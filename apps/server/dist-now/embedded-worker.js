import {
  servePglite
} from "./chunk-O2BJJ3YR.js";

// src/db/embedded.worker.ts
import { parentPort, workerData } from "worker_threads";
var input = workerData;
var port = parentPort;
if (!port) throw new Error("embedded.worker must run as a worker thread");
servePglite(input.storeDir, input.socketDir, input.startFrom).then(
  (running) => {
    port.postMessage({ type: "ready", endpoint: running.endpoint });
    port.on("message", (message) => {
      if (message.type !== "stop") return;
      running.stop().then(
        () => port.postMessage({ type: "stopped" }),
        (error) => port.postMessage({ type: "stopped", error: String(error) })
      );
    });
  },
  (error) => port.postMessage({ type: "failed", error: String(error) })
);
//# sourceMappingURL=embedded-worker.js.map