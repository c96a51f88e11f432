// Command play is an example fenpai client in Go (google.golang.org/grpc, stubs made by
// protoc-gen-go and protoc-gen-go-grpc: see README.md).
//
// It creates a game whose other seats are server-side bots, joins seat 0, follows the
// seat's turns (StreamEvents with turns_only) and takes a legal action on each, until
// the game is over; then it prints a JSON summary with the game's result.
//
//	go run . --address 127.0.0.1:50051 --variant tractor --seed 7
//
// A rejection is told apart by its ErrorInfo reason code, never by its message: a turn
// that a timer took meanwhile (NOT_YOUR_TURN, or STALE_VERSION: each action names the
// version it answers) is skipped; anything else ends the run.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"

	rpcv1 "github.com/fenpai/fenpai/gen/go/fenpai/rpc/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
)

// summary is what the run prints: enough to check the game against its stored history.
type summary struct {
	GameID  string          `json:"game_id"`
	Variant string          `json:"variant"`
	Actions int             `json:"actions"`
	Events  int             `json:"events"`
	Result  json.RawMessage `json:"result"`
}

func main() {
	address := flag.String("address", "127.0.0.1:50051", "the server, host:port")
	variant := flag.String("variant", "red_five_4p", "a variant the server lists (ListVariants): red_five_4p, tractor, ...")
	seed := flag.Uint64("seed", 7, "the deal's seed (and this client's choices')")
	bot := flag.String("bot", "random", "the server-side bot that plays the other seats")
	flag.Parse()
	out, err := play(context.Background(), *address, *variant, *seed, *bot)
	if err != nil {
		fmt.Fprintln(os.Stderr, "play:", err)
		os.Exit(1)
	}
	line, _ := json.Marshal(out)
	fmt.Println(string(line))
}

// reason is a rejection's ErrorInfo reason code ("" when it has none).
func reason(err error) string {
	for _, detail := range status.Convert(err).Details() {
		if info, ok := detail.(*errdetails.ErrorInfo); ok && info.GetDomain() == "fenpai" {
			return info.GetReason()
		}
	}
	return ""
}

// seatCount is how many seats a game of variant has with its default options, as the
// server's ListVariants says: its option players' default, or its one number of seats.
func seatCount(ctx context.Context, client rpcv1.GameServiceClient, variant string) (int, error) {
	listed, err := client.ListVariants(ctx, &rpcv1.ListVariantsRequest{})
	if err != nil {
		return 0, fmt.Errorf("ListVariants: %w", err)
	}
	for _, v := range listed.GetVariants() {
		if v.GetId() != variant {
			continue
		}
		for _, o := range v.GetOptions() {
			if o.GetName() == "players" {
				var n int
				if err := json.Unmarshal([]byte(o.GetDefaultValue()), &n); err != nil {
					return 0, fmt.Errorf("players' default %q: %w", o.GetDefaultValue(), err)
				}
				return n, nil
			}
		}
		if len(v.GetPlayers()) == 1 {
			return int(v.GetPlayers()[0]), nil
		}
		return 0, fmt.Errorf("variant %q has no default number of seats", variant)
	}
	return 0, fmt.Errorf("unknown variant %q", variant)
}

func play(ctx context.Context, address, variant string, seed uint64, bot string) (*summary, error) {
	conn, err := grpc.NewClient(address, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	client := rpcv1.NewGameServiceClient(conn)
	seats, err := seatCount(ctx, client, variant)
	if err != nil {
		return nil, err
	}

	bots := map[uint32]string{}
	for s := 1; s < seats; s++ {
		bots[uint32(s)] = bot
	}
	created, err := client.CreateGame(ctx, &rpcv1.CreateGameRequest{
		Variant: variant, Seed: &seed, Bots: bots,
	})
	if err != nil {
		return nil, fmt.Errorf("CreateGame: %w", err)
	}
	gameID := created.GetGame().GetGameId()
	seat := uint32(0)
	joined, err := client.JoinGame(ctx, &rpcv1.JoinGameRequest{GameId: gameID, Seat: &seat})
	if err != nil {
		return nil, fmt.Errorf("JoinGame: %w", err)
	}
	token := joined.GetSeatToken()

	turns, err := client.StreamEvents(ctx, &rpcv1.StreamEventsRequest{
		GameId: gameID, SeatToken: token, TurnsOnly: true,
	})
	if err != nil {
		return nil, fmt.Errorf("StreamEvents: %w", err)
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	actions := 0
	for {
		turn, err := turns.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("StreamEvents: %w", err)
		}
		view := turn.GetView()
		legal := view.GetLegalActions()
		if view.GetStatus() == rpcv1.GameStatus_GAME_STATUS_FINISHED {
			break
		}
		if !slices.Contains(view.GetToAct(), seat) || len(legal) == 0 {
			continue
		}
		seq := uint64(actions + 1)
		version := view.GetVersion() // the turn this action answers: a later one refuses it
		action := legal[rng.IntN(len(legal))]
		_, err = client.Act(ctx, &rpcv1.ActRequest{
			GameId: gameID, SeatToken: token, Action: action, ClientSeq: &seq,
			ExpectedVersion: &version,
		})
		if err != nil && reason(err) != "NOT_YOUR_TURN" && reason(err) != "STALE_VERSION" {
			return nil, fmt.Errorf("Act %q: %s: %w", action, reason(err), err)
		}
		if err == nil {
			actions++
		}
	}

	history, err := client.GetHistory(ctx, &rpcv1.GetHistoryRequest{GameId: gameID})
	if err != nil {
		return nil, fmt.Errorf("GetHistory: %w", err)
	}
	if !history.GetComplete() {
		return nil, errors.New("the game's history is not complete")
	}
	return &summary{
		GameID:  gameID,
		Variant: variant,
		Actions: actions,
		Events:  len(history.GetEvents()),
		Result:  json.RawMessage(history.GetResultJson()),
	}, nil
}
