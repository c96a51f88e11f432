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

// seatsByVariant is how many seats each variant has (Fifty-K: its default, 4).
var seatsByVariant = map[string]int{"red_five_4p": 4, "red_five_5p": 5, "fifty_k": 4, "tractor": 4}

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
	variant := flag.String("variant", "red_five_4p", "red_five_4p, red_five_5p, fifty_k or tractor")
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

func play(ctx context.Context, address, variant string, seed uint64, bot string) (*summary, error) {
	seats, ok := seatsByVariant[variant]
	if !ok {
		return nil, fmt.Errorf("unknown variant %q", variant)
	}
	conn, err := grpc.NewClient(address, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	client := rpcv1.NewGameServiceClient(conn)

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
