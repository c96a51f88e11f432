/**
 * An example fenpai client in TypeScript with @grpc/grpc-js.
 *
 * It loads the protocol from protos/ at run time (@grpc/proto-loader: no code generation),
 * creates a game, joins every seat, follows seat 0's event stream, and plays every seat
 * with legal actions from its view until the game is over; then it prints the result.
 *
 *   node dist/play.js --address 127.0.0.1:50051 --variant red_five_4p --seed 7
 *
 * It runs from any working directory: the protocol is found from the script's own
 * place (or --protos DIR); see README.md and --help.
 *
 * Each action carries a client_seq, so a retry after a dropped connection can never
 * apply an action twice.
 */
import * as fs from "fs";
import * as path from "path";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";

/** The fields of fenpai.rpc.v1 messages this client reads (enums as their names). */
interface Seat {
  seat: number;
  kind: string;
}
interface Game {
  game_id: string;
  variant: string;
  num_players: number;
  seats: Seat[];
  status: string;
}
interface View {
  version: string;
  status: string;
  phase: string;
  to_act: number[];
  legal_actions: string[];
  view_json: string;
}
interface Event {
  version: string;
  seat: number;
  action: string;
  kind: string;
  timeout: boolean;
}
interface Options {
  address: string;
  variant: string;
  seed: number;
  protos: string;
}

type Unary = (request: object, callback: (err: grpc.ServiceError | null, reply: any) => void) => void;

const USAGE = `usage: node dist/play.js [--address HOST:PORT] [--variant VARIANT] [--seed N] [--protos DIR]

Creates a game on a fenpai server, joins every seat, plays it to the end with random
legal actions, and prints the result (the last line is JSON).

  --address HOST:PORT  the server (default 127.0.0.1:50051)
  --variant VARIANT    red_five_4p, red_five_5p, fifty_k or tractor (default red_five_4p)
  --seed N             the deal's seed, and the seed of the client's choices (default 7)
  --protos DIR         the folder that holds fenpai/rpc/v1/game_service.proto
                       (default: the repository's protos/, found from this script's
                       own place, so the client runs from any working directory)
  -h, --help           show this help`;

/** A mistake on the command line: reported with a pointer to --help, exit status 2. */
class UsageError extends Error {}

const PROTO = path.join("fenpai", "rpc", "v1", "game_service.proto");

/** The flags, as `--flag value` or `--flag=value`; null when help was asked for. */
function parseArgs(argv: string[]): Options | null {
  const options: Options = {
    address: "127.0.0.1:50051",
    variant: "red_five_4p",
    seed: 7,
    protos: path.resolve(__dirname, "..", "..", "..", "protos"),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "-h" || arg === "--help") return null;
    const eq = arg.indexOf("=");
    const flag = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    if (!["--address", "--variant", "--seed", "--protos"].includes(flag)) {
      throw new UsageError(`unknown argument ${arg}`);
    }
    const value = flag !== arg ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === "") throw new UsageError(`${flag} needs a value`);
    if (flag === "--address") options.address = value;
    else if (flag === "--variant") options.variant = value;
    else if (flag === "--protos") options.protos = path.resolve(value);
    else if (/^\d+$/.test(value)) options.seed = Number(value);
    else throw new UsageError(`--seed needs a whole number, not ${value}`);
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

/** Collects seat 0's events until the stream ends with the game. */
function follow(client: Record<string, Function>, gameId: string, token: string): Promise<Event[]> {
  const events: Event[] = [];
  const stream = client.StreamEvents({ game_id: gameId, seat_token: token, from_version: 0 });
  return new Promise((resolve, reject) => {
    stream.on("data", (item: { event: Event }) => events.push(item.event));
    stream.on("end", () => resolve(events));
    stream.on("error", reject);
  });
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options === null) {
    console.log(USAGE);
    return;
  }
  const client = connect(options);
  const random = generator(options.seed);

  const created = await call<{ game: Game }>(client, "CreateGame", {
    variant: options.variant,
    seed: options.seed,
  });
  const game = created.game;
  const tokens: string[] = [];
  for (const seat of game.seats) {
    const joined = await call<{ seat: number; seat_token: string }>(client, "JoinGame", {
      game_id: game.game_id,
      seat: seat.seat,
    });
    tokens[joined.seat] = joined.seat_token;
  }
  console.log(`created ${game.variant} game ${game.game_id}; joined ${tokens.length} seats`);
  const streamed = follow(client, game.game_id, tokens[0]);

  const seqs = tokens.map(() => 0);
  let actions = 0;
  for (;;) {
    const { view } = await call<{ view: View }>(client, "GetView", {
      game_id: game.game_id,
      seat_token: tokens[0],
    });
    if (view.status === "GAME_STATUS_FINISHED") break;
    const seat = view.to_act[0];
    const own = await call<{ view: View }>(client, "GetView", {
      game_id: game.game_id,
      seat_token: tokens[seat],
    });
    const legal = own.view.legal_actions;
    const action = legal[Math.floor(random() * legal.length)];
    seqs[seat] += 1;
    await call(client, "Act", {
      game_id: game.game_id,
      seat_token: tokens[seat],
      action,
      client_seq: seqs[seat],
    });
    actions += 1;
  }

  const events = await streamed;
  const history = await call<{ events: Event[]; complete: boolean; result_json: string }>(
    client,
    "GetHistory",
    { game_id: game.game_id },
  );
  if (!history.complete || events.length !== history.events.length) {
    throw new Error(`stream saw ${events.length} events, history holds ${history.events.length}`);
  }
  const result = JSON.parse(history.result_json);
  console.log(`played ${actions} actions; seat 0 streamed ${events.length} events`);
  console.log(`game points: ${JSON.stringify(result.game_points)}`);
  console.log(JSON.stringify({ game_id: game.game_id, actions, events: events.length, result }));
  client.close();
}

main().catch((err: Error) => {
  console.error(`fenpai example client: ${err.message}`);
  if (err instanceof UsageError) console.error("run with --help for the flags");
  process.exit(err instanceof UsageError ? 2 : 1);
});
