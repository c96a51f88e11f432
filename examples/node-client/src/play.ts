/**
 * An example fenpai client in TypeScript with @grpc/grpc-js.
 *
 * It loads the protocol from protos/ at run time (@grpc/proto-loader: no code generation),
 * creates a game (or, with --hands, a table that plays a whole match), joins every seat,
 * follows seat 0's event stream, and plays every seat with legal actions from its typed
 * view until the game or the match is over; then it prints the result.
 *
 *   node dist/play.js --address 127.0.0.1:50051 --variant red_five_4p --seed 7
 *   node dist/play.js --variant tractor --hands 0 --option 'levels=["A","A"]'
 *
 * It runs from any working directory: the protocol is found from the script's own
 * place (or --protos DIR); see README.md and --help.
 *
 * Each call that changes something can be retried safely: CreateGame and JoinGame carry
 * a request id (a retry answers as the first call did), each action a client_seq (a
 * retry can never apply it twice).
 */
import * as crypto from "crypto";
import * as fs from "fs";
import * as path from "path";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";

/** The fields of fenpai.rpc.v1 messages this client reads (enums as their names). */
interface Seat {
  seat: number;
  kind: string;
}
interface Standing {
  hand: number;
  hands: number;
  totals: number[];
  over: boolean;
  winners: number[];
  decided_by: string;
}
interface Game {
  game_id: string;
  variant: string;
  num_players: number;
  seats: Seat[];
  status: string;
  match: Standing | null;
}
interface HandView {
  phase: string;
  hand: string[];
  legal_actions: string[];
  num_legal: string;
}
interface View {
  version: string;
  status: string;
  to_act: number[];
  hand_view: HandView;
  match: Standing | null;
}
interface Event {
  version: string;
  seat: number;
  action: string;
  kind: string;
  hand: number;
}
interface Options {
  address: string;
  variant: string;
  seed: number;
  hands: number | null;
  clock: number | null;
  options: Record<string, string>;
  protos: string;
}

type Unary = (request: object, callback: (err: grpc.ServiceError | null, reply: any) => void) => void;

const USAGE = `usage: node dist/play.js [--address HOST:PORT] [--variant VARIANT] [--seed N]
                        [--hands N] [--clock SECONDS] [--option NAME=JSON] [--protos DIR]

Creates a game on a fenpai server (with --hands, a table that plays a match), joins
every seat, plays it to the end with random legal actions, and prints the result (the
last line is JSON).

  --address HOST:PORT  the server (default 127.0.0.1:50051)
  --variant VARIANT    a variant the server lists: red_five_4p (default), tractor, ...
  --seed N             the deal's seed, and the seed of the client's choices (default 7)
  --hands N            play a table: a match of N hands (tractor: 0 plays to the first
                       team past A)
  --clock SECONDS      a tractor table's match clock (default 90 minutes; 0: none)
  --option NAME=JSON   a variant option, e.g. 'levels=["A","A"]' (may be repeated)
  --protos DIR         the folder that holds fenpai/rpc/v1/game_service.proto
                       (default: the repository's protos/, found from this script's
                       own place, so the client runs from any working directory)
  -h, --help           show this help`;

/** A mistake on the command line: reported with a pointer to --help, exit status 2. */
class UsageError extends Error {}

const PROTO = path.join("fenpai", "rpc", "v1", "game_service.proto");
const FLAGS = ["--address", "--variant", "--seed", "--hands", "--clock", "--option", "--protos"];

/** A whole number (or, with `fraction`, any non-negative number) given to `flag`. */
function number(flag: string, value: string, fraction = false): number {
  const pattern = fraction ? /^\d+(\.\d+)?$/ : /^\d+$/;
  if (!pattern.test(value)) {
    throw new UsageError(`${flag} needs a ${fraction ? "number" : "whole number"}, not ${value}`);
  }
  return Number(value);
}

/** The flags, as `--flag value` or `--flag=value`; null when help was asked for. */
function parseArgs(argv: string[]): Options | null {
  const options: Options = {
    address: "127.0.0.1:50051",
    variant: "red_five_4p",
    seed: 7,
    hands: null,
    clock: null,
    options: {},
    protos: path.resolve(__dirname, "..", "..", "..", "protos"),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "-h" || arg === "--help") return null;
    const eq = arg.indexOf("=");
    const flag = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    if (!FLAGS.includes(flag)) throw new UsageError(`unknown argument ${arg}`);
    const value = flag !== arg ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === "") throw new UsageError(`${flag} needs a value`);
    if (flag === "--address") options.address = value;
    else if (flag === "--variant") options.variant = value;
    else if (flag === "--protos") options.protos = path.resolve(value);
    else if (flag === "--hands") options.hands = number(flag, value);
    else if (flag === "--clock") options.clock = number(flag, value, true);
    else if (flag === "--option") {
      const [name, ...rest] = value.split("=");
      if (!name || rest.length === 0) throw new UsageError(`--option needs NAME=JSON, not ${value}`);
      options.options[name] = rest.join("=");
    } else options.seed = number(flag, value);
  }
  if (options.clock !== null && options.hands === null) {
    throw new UsageError("--clock needs --hands (a clock belongs to a table)");
  }
  if (!fs.existsSync(path.join(options.protos, PROTO))) {
    throw new UsageError(`${PROTO} is not under ${options.protos}: pass --protos DIR`);
  }
  return options;
}

/** A small deterministic generator (mulberry32) to pick among the legal actions. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function connect(options: Options): grpc.Client & Record<string, Function> {
  const definition = protoLoader.loadSync(PROTO, {
    includeDirs: [options.protos],
    keepCase: true,
    longs: String,
    enums: String,
    defaults: true,
    oneofs: true,
  });
  const root = grpc.loadPackageDefinition(definition) as any;
  const GameService = root.fenpai.rpc.v1.GameService;
  return new GameService(options.address, grpc.credentials.createInsecure(), {
    "grpc.enable_http_proxy": 0,
  });
}

function call<T>(client: Record<string, Function>, method: string, request: object): Promise<T> {
  const fn = client[method] as Unary;
  return new Promise((resolve, reject) =>
    fn.call(client, request, (err, reply) => (err ? reject(err) : resolve(reply as T))),
  );
}

/** Collects seat 0's events until the stream ends with the game (or the match). */
function follow(client: Record<string, Function>, gameId: string, token: string): Promise<Event[]> {
  const events: Event[] = [];
  const stream = client.StreamEvents({ game_id: gameId, seat_token: token, from_version: 0 });
  return new Promise((resolve, reject) => {
    stream.on("data", (item: { event: Event }) => events.push(item.event));
    stream.on("end", () => resolve(events));
    stream.on("error", reject);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options === null) {
    console.log(USAGE);
    return;
  }
  const client = connect(options);
  const random = generator(options.seed);

  const request: Record<string, unknown> = {
    variant: options.variant,
    seed: options.seed,
    options: options.options,
    request_id: crypto.randomUUID(),
  };
  if (options.hands !== null) {
    const match: Record<string, number> = { hands: options.hands };
    if (options.clock !== null) match.clock_seconds = options.clock;
    request.match = match;
  }
  const created = await call<{ game: Game }>(client, "CreateGame", request);
  const game = created.game;
  const tokens: string[] = [];
  for (const seat of game.seats) {
    const joined = await call<{ seat: number; seat_token: string }>(client, "JoinGame", {
      game_id: game.game_id,
      seat: seat.seat,
      request_id: crypto.randomUUID(),
    });
    tokens[joined.seat] = joined.seat_token;
  }
  const what = game.match ? "table" : "game";
  console.log(`created ${game.variant} ${what} ${game.game_id}; joined ${tokens.length} seats`);
  const streamed = follow(client, game.game_id, tokens[0]);

  const seqs = tokens.map(() => 0);
  let actions = 0;
  let hand = 1;
  for (;;) {
    const { view } = await call<{ view: View }>(client, "GetView", {
      game_id: game.game_id,
      seat_token: tokens[0],
    });
    if (view.status === "GAME_STATUS_FINISHED") break;
    if (view.match && view.match.hand !== hand) {
      const totals = view.match.totals.join(", ");
      console.log(`hand ${hand} over; totals ${totals}; hand ${view.match.hand} dealt`);
      hand = view.match.hand;
    }
    if (view.to_act.length === 0) {
      await pause(5); // between a table's hands: the server deals the next one
      continue;
    }
    const seat = view.to_act[0];
    const own = await call<{ view: View }>(client, "GetView", {
      game_id: game.game_id,
      seat_token: tokens[seat],
    });
    if (!own.view.to_act.includes(seat)) continue; // another event came first
    const legal = own.view.hand_view.legal_actions;
    const action = legal[Math.floor(random() * legal.length)];
    seqs[seat] += 1;
    await call(client, "Act", {
      game_id: game.game_id,
      seat_token: tokens[seat],
      action,
      client_seq: seqs[seat],
      expected_version: own.view.version, // a turn another event overtook is refused
    });
    actions += 1;
  }

  const events = await streamed;
  const history = await call<{
    events: Event[];
    complete: boolean;
    config_json: string;
    result_json: string;
    game: Game;
    hands: { hand: number; result_json: string }[];
  }>(client, "GetHistory", { game_id: game.game_id });
  if (!history.complete || events.length !== history.events.length) {
    throw new Error(`stream saw ${events.length} events, history holds ${history.events.length}`);
  }
  const config = JSON.parse(history.config_json);
  if (config.seed !== String(options.seed)) {
    throw new Error(`the history's seed is ${JSON.stringify(config.seed)}, not "${options.seed}"`);
  }
  const result = JSON.parse(history.result_json);
  console.log(`played ${actions} actions; seat 0 streamed ${events.length} events`);
  if (history.game.match) {
    const standing = history.game.match;
    console.log(
      `match over after ${history.hands.length} hands (${standing.decided_by}): ` +
        `totals ${standing.totals.join(", ")}; winners ${standing.winners.join(", ")}`,
    );
  } else {
    console.log(`game points: ${JSON.stringify(result.game_points)}`);
  }
  const hands = history.hands.map((h) => JSON.parse(h.result_json));
  console.log(
    JSON.stringify({ game_id: game.game_id, actions, events: events.length, result, hands }),
  );
  client.close();
}

main().catch((err: Error) => {
  console.error(`fenpai example client: ${err.message}`);
  if (err instanceof UsageError) console.error("run with --help for the flags");
  process.exit(err instanceof UsageError ? 2 : 1);
});
