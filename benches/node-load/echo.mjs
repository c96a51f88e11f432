/**
 * The Node client of the reference server (benches/grpc_reference.py, `--lang node`):
 * the same @grpc/grpc-js stack as load.mjs, so that the service and the empty server
 * are driven by the same clients. Each slot calls the echo server's unary method, or
 * sends on one bidirectional stream, one request at a time, as fast as it is answered.
 *
 *   node echo.mjs PLAN.json    # prints {"latencies": [seconds...]}
 *
 * The plan: address, method (the full method path), mode (unary or stream), slots,
 * seconds, request_bytes (the request's size: the server's reply has its own).
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import grpc from "@grpc/grpc-js";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const client = new grpc.Client(plan.address, grpc.credentials.createInsecure(), {
  "grpc.enable_http_proxy": 0,
});
const same = (bytes) => bytes;
const request = Buffer.alloc(plan.request_bytes, "x");
const end = performance.now() + plan.seconds * 1000;
const latencies = [];

function unary() {
  return new Promise((resolve, reject) =>
    client.makeUnaryRequest(plan.method, same, same, request, (err, reply) =>
      err ? reject(err) : resolve(reply),
    ),
  );
}

async function unarySlot() {
  while (performance.now() < end) {
    const start = performance.now();
    await unary();
    latencies.push((performance.now() - start) / 1000);
  }
}

async function streamSlot() {
  const stream = client.makeBidiStreamRequest(plan.method, same, same);
  const waiting = [];
  stream.on("data", () => waiting.shift().resolve());
  stream.on("error", (err) => waiting.splice(0).forEach((w) => w.reject(err)));
  while (performance.now() < end) {
    const start = performance.now();
    await new Promise((resolve, reject) => {
      waiting.push({ resolve, reject });
      stream.write(request);
    });
    latencies.push((performance.now() - start) / 1000);
  }
  stream.end();
}

const slot = plan.mode === "stream" ? streamSlot : unarySlot;
await Promise.all(Array.from({ length: plan.slots }, slot));
client.close();
process.stdout.write(JSON.stringify({ latencies }));
