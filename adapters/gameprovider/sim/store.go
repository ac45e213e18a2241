package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"ngern/core/money"
)

// state is everything the simulated provider knows. It is changed only by
// apply, so that live calls and a replay of the journal agree.
type state struct {
	Games map[string]*game `json:"games"`
	// betCap bounds each game's bet history (0: unbounded); set from
	// Config.MaxBets before anything is applied.
	betCap int
}

// game is one product: its own players, wallets, transfers and bets.
type game struct {
	Players   map[string]*player   `json:"players"`   // by username
	Members   map[string]string    `json:"members"`   // memberRef → username
	Transfers map[string]*transfer `json:"transfers"` // by trace id
	Bets      []Bet                `json:"bets"`      // Bets[i] has sequence BetsBase+i+1
	// BetsBase is how many of the oldest bets were dropped to keep the
	// history bounded (Config.MaxBets): a cursor before them reads from the
	// oldest bet kept.
	BetsBase int `json:"betsBase,omitempty"`
}

type player struct {
	Username  string       `json:"username"`
	Password  string       `json:"password"`
	MemberRef string       `json:"memberRef"`
	Balance   money.Satang `json:"balance"`
}

// Transfer states. A voided trace id was asked about before it arrived; it
// reads as NOT_FOUND and is never executed.
const (
	stateDone   = "DONE"
	stateFailed = "FAILED"
	stateVoided = "VOIDED"
)

type transfer struct {
	Username  string       `json:"username,omitempty"`
	Direction string       `json:"direction,omitempty"`
	Amount    money.Satang `json:"amount,omitempty"`
	State     string       `json:"state"`
	Reason    string       `json:"reason,omitempty"`
	At        time.Time    `json:"at"`
}

// Bet is one settled round of a demo game.
type Bet struct {
	ID       string       `json:"id"`
	Game     string       `json:"game"`
	Username string       `json:"username"`
	Stake    money.Satang `json:"stake"`
	Payout   money.Satang `json:"payout"`
	PlacedAt time.Time    `json:"placedAt"`
}

// event is one change of state, as written to the journal.
type event struct {
	Kind      string       `json:"k"` // player, password, transfer, bet, snapshot
	Game      string       `json:"game,omitempty"`
	Username  string       `json:"username,omitempty"`
	Password  string       `json:"password,omitempty"`
	MemberRef string       `json:"memberRef,omitempty"`
	TraceID   string       `json:"traceId,omitempty"`
	Transfer  *transfer    `json:"transfer,omitempty"`
	Bet       *Bet         `json:"bet,omitempty"`
	Snapshot  *state       `json:"snapshot,omitempty"`
	Amount    money.Satang `json:"amount,omitempty"`
}

func newState(betCap int) *state { return &state{Games: map[string]*game{}, betCap: betCap} }

// game returns the game with code, creating it.
func (st *state) game(code string) *game {
	g := st.Games[code]
	if g == nil {
		g = &game{Players: map[string]*player{}, Members: map[string]string{}, Transfers: map[string]*transfer{}}
		st.Games[code] = g
	}
	return g
}

// player returns the player or nil, without creating the game.
func (st *state) player(code, username string) *player {
	if g := st.Games[code]; g != nil {
		return g.Players[username]
	}
	return nil
}

// apply changes st by ev. Events are validated before they are made, so
// apply does not fail.
func (st *state) apply(ev event) {
	switch ev.Kind {
	case "snapshot":
		keep := st.betCap
		*st = *ev.Snapshot
		st.betCap = keep
		if st.Games == nil {
			st.Games = map[string]*game{}
		}
	case "player":
		g := st.game(ev.Game)
		g.Players[ev.Username] = &player{Username: ev.Username, Password: ev.Password, MemberRef: ev.MemberRef}
		g.Members[ev.MemberRef] = ev.Username
	case "password":
		if p := st.player(ev.Game, ev.Username); p != nil {
			p.Password = ev.Password
		}
	case "transfer":
		g := st.game(ev.Game)
		t := *ev.Transfer
		g.Transfers[ev.TraceID] = &t
		if p := g.Players[t.Username]; p != nil && t.State == stateDone {
			if t.Direction == "in" {
				p.Balance += t.Amount
			} else {
				p.Balance -= t.Amount
			}
		}
	case "bet":
		g := st.game(ev.Game)
		g.Bets = append(g.Bets, *ev.Bet)
		// Trim in steps of a tenth of the cap, so that a bet does not copy
		// the whole history each time.
		if st.betCap > 0 && len(g.Bets) > st.betCap+st.betCap/10 {
			drop := len(g.Bets) - st.betCap
			g.Bets = append([]Bet(nil), g.Bets[drop:]...)
			g.BetsBase += drop
		}
		if p := g.Players[ev.Bet.Username]; p != nil {
			p.Balance += ev.Bet.Payout - ev.Bet.Stake
		}
	}
}

// journal is the append-only state file: one JSON event per line, the first
// a snapshot. Appending one line per change keeps every answered change on
// disk (a killed process loses nothing it has answered) at the cost of one
// write, whatever the size of the state.
type journal struct {
	f *os.File
}

// openJournal replays the file at path into a state, rewrites it as one
// snapshot line (so it does not grow across restarts) and opens it for
// appending. A torn last line, left by a crash in the middle of a write, is
// dropped.
func openJournal(path string, betCap int) (*journal, *state, error) {
	st := newState(betCap)
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, nil, fmt.Errorf("sim: read state: %w", err)
	}
	lines := bytes.Split(data, []byte("\n"))
	for i, ln := range lines {
		if len(bytes.TrimSpace(ln)) == 0 {
			continue
		}
		var ev event
		if err := json.Unmarshal(ln, &ev); err != nil {
			if i == len(lines)-1 {
				break // torn last line: every whole record ends with a newline
			}
			return nil, nil, fmt.Errorf("sim: state file %s line %d: %w", path, i+1, err)
		}
		if ev.Kind == "snapshot" && ev.Snapshot == nil {
			return nil, nil, fmt.Errorf("sim: state file %s line %d: empty snapshot", path, i+1)
		}
		st.apply(ev)
	}

	snap, err := json.Marshal(event{Kind: "snapshot", Snapshot: st})
	if err != nil {
		return nil, nil, fmt.Errorf("sim: write state: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, nil, fmt.Errorf("sim: write state: %w", err)
	}
	if err := writeFileSync(tmp, append(snap, '\n')); err != nil {
		return nil, nil, fmt.Errorf("sim: write state: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return nil, nil, fmt.Errorf("sim: write state: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, nil, fmt.Errorf("sim: open state: %w", err)
	}
	return &journal{f: f}, st, nil
}

func writeFileSync(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// append writes ev as one line with a single write call.
func (j *journal) append(ev event) error {
	b, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	_, err = j.f.Write(append(b, '\n'))
	return err
}

func (j *journal) Close() error { return j.f.Close() }
