/**
 * The light load client of benches/service_load.py (`--lang node`).
 *
 * It plays games the driver recorded beforehand (a seed and its legal actions, found
 * with the Python package), so that it spends next to no CPU of its own and the
 * measurement is the server's. Each game slot creates a game with a recorded seed,
 * joins every seat and sends the recorded actions, by Act (`mirror`) or over one
 * ActStream per slot and replica (`stream`), checking that every answer is the recorded
 * action.
 *
 *   node load.mjs PLAN.json    # prints {"act": [seconds...], "games": n, "cpu": seconds}
 *
 * The plan (written by the driver): addresses (one, or the replicas' to balance over),
 * route (with replicas: `call`, every call and stream balanced round-robin; `game`, a
 * game's CreateGame balanced and its later calls sent to the replica its id hashes to,
 * `replicaOf`), protos (folder), variant, client, pace
 * (seconds between a slot's actions, 0: none), start / measure / end (Unix times of the
 * window), slots (N, every process's slots together), first_slot and delays (this
 * process's slots: the first one's index, and each one's seconds before it starts), games (each
 * {seed, actions: [[seat, action], ...]}; slot k plays games k, k + N, ... cyclically).
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import grpc from "@grpc/grpc-js";
import protoLoader from "@grpc/proto-loader";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const definition = protoLoader.loadSync("fenpai/rpc/v1/game_service.proto", {
  includeDirs: [plan.protos],
  keepCase: true,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
});
const { GameService } = grpc.loadPackageDefinition(definition).fenpai.rpc.v1;
// Several addresses (replicas): grpc-js balances calls and streams over them round-robin,
// as a gRPC load balancer would.
const balanced = { loadBalancingConfig: [{ round_robin: {} }] };
const options = { "grpc.enable_http_proxy": 0 };
const credentials = grpc.credentials.createInsecure();
const client = new GameService(target(plan.addresses), credentials, {
  ...options,
  ...(plan.addresses.length > 1 ? { "grpc.service_config": JSON.stringify(balanced) } : {}),
});
// `route: game`: a client per replica, for the calls of the games whose ids hash to it.
const direct =
  plan.route === "game" && plan.addresses.length > 1
    ? plan.addresses.map((address) => new GameService(address, credentials, options))
    : null;

function target(addresses) {
  return addresses.length > 1 ? `ipv4:${addresses.join(",")}` : addresses[0];
}

/** The replica a game's id hashes to (FNV-1a, 32 bits, as service_load.py's). */
function replicaOf(gameId, count) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < gameId.length; i++) {
    hash = Math.imul(hash ^ gameId.charCodeAt(i), 0x01000193) >>> 0;
  }
  return hash % count;
}

/** The client a game's calls after its creation go through. */
function home(gameId) {
  return direct ? direct[replicaOf(gameId, direct.length)] : client;
}

const now = () => Date.now() / 1000;
const sleep = (seconds) => new Promise((done) => setTimeout(done, Math.max(0, seconds * 1000)));

function call(stub, method, request) {
  return new Promise((resolve, reject) =>
    stub[method](request, (err, response) => (err ? reject(err) : resolve(response))),
  );
}

/** An ActStream (on `stub`) driven one request, one answer at a time. */
class Lockstep {
  constructor(stub) {
    this.waiting = [];
    this.stream = stub.ActStream();
    this.stream.on("data", (answer) => this.waiting.shift().resolve(answer));
    this.stream.on("error", (err) => this.waiting.splice(0).forEach((w) => w.reject(err)));
  }

  async send(act) {
    const answer = await new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.stream.write({ act });
    });
    if (answer.outcome !== "accepted") {
      throw new Error(`rejected: ${answer.rejected.message}`);
    }
    return answer.accepted;
  }

  end() {
    this.stream.end();
  }
}

const out = { act: [], games: 0, cpu: 0 };
let cpuAtMeasure = null;

/** One game slot: plays recorded games back to back until the window ends, an action
 * every `plan.pace` seconds, after waiting `delay` seconds (see service_load.py). */
async function slot(index, delay) {
  await sleep(delay);
  const streams = new Map(); // by client: one ActStream each, opened when first needed
  let due = 0;
  for (let k = index; now() < plan.end; k += plan.slots) {
    const game = plan.games[k % plan.games.length];
    const created = await call(client, "CreateGame", { variant: plan.variant, seed: game.seed });
    const id = created.game.game_id;
    const stub = home(id);
    if (plan.client === "stream" && !streams.has(stub)) streams.set(stub, new Lockstep(stub));
    const stream = streams.get(stub);
    const tokens = [];
    for (let seat = 0; seat < created.game.num_players; seat++) {
      tokens.push((await call(stub, "JoinGame", { game_id: id, seat })).seat_token);
    }
    const seqs = tokens.map(() => 0);
    let played = 0;
    for (const [seat, action] of game.actions) {
      if (now() >= plan.end) break;
      const request = { game_id: id, seat_token: tokens[seat], action, client_seq: ++seqs[seat] };
      const start = performance.now();
      const done = stream ? await stream.send(request) : await call(stub, "Act", request);
      const seconds = (performance.now() - start) / 1000;
      if (done.action !== action) throw new Error(`${id}: sent ${action}, applied ${done.action}`);
      if (now() >= plan.measure) out.act.push(seconds);
      played++;
      if (plan.pace) {
        due = Math.max(due + plan.pace, performance.now() / 1000);
        await sleep(due - performance.now() / 1000);
      }
    }
    if (played === game.actions.length && now() >= plan.measure) out.games++;
  }
  for (const stream of streams.values()) stream.end();
}

await sleep(plan.start - now());
setTimeout(() => (cpuAtMeasure = process.cpuUsage()), (plan.measure - now()) * 1000);
const slots = [];
plan.delays.forEach((delay, i) => slots.push(slot(plan.first_slot + i, delay)));
await Promise.all(slots);
const used = process.cpuUsage(cpuAtMeasure ?? undefined);
out.cpu = (used.user + used.system) / 1e6;
client.close();
direct?.forEach((stub) => stub.close());
process.stdout.write(JSON.stringify(out));
