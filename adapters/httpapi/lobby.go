package httpapi

import (
	"net/http"
	"net/url"
	"sort"

	"ngern/core/errs"
	"ngern/core/seamless"
	"ngern/core/wallet"
)

// lobbyRoutes mounts the game lobby: the seamless aggregators' games and
// the transfer-wallet games in one list, and the launch of a seamless game
// (docs/api.md, "The game lobby").
func (s *Server) lobbyRoutes() {
	s.mux.Handle("GET /api/games/lobby", s.member(s.gameLobby))
	s.mux.Handle("POST /api/games/{provider}/{code}/launch", s.member(s.launchGame))
}

// Lobby modes: a seamless game plays from the wallet; a transfer game
// through its game account (spec part 3).
const (
	modeSeamless = "seamless"
	modeTransfer = "transfer"
)

// lobbyGame is a game of the lobby.
type lobbyGame struct {
	Provider string `json:"provider"`
	Code     string `json:"code"`
	Name     string `json:"name"`
	Category string `json:"category"`
	Image    string `json:"image"`
	Mode     string `json:"mode"`
	Studio   string `json:"studio"`
	Demo     bool   `json:"demo"`
	sort     int
}

type lobbyResponse struct {
	Games []lobbyGame `json:"games"`
}

// gameLobby lists the games a member may play: the enabled games of the
// seamless aggregators and the active games of the transfer catalogue, by
// the operator's order, then name. A transfer game is its own provider (the
// catalogue names each transfer provider by its game code).
func (s *Server) gameLobby(w http.ResponseWriter, r *http.Request) {
	games := []lobbyGame{}
	if s.lobby != nil {
		seam, err := s.lobby.Games(r.Context())
		if err != nil {
			writeError(w, r, err)
			return
		}
		for _, g := range seam {
			games = append(games, lobbyGame{Provider: g.Provider, Code: g.Code, Name: g.Name, Category: g.Category, Image: g.Image,
				Mode: modeSeamless, Studio: g.Studio, Demo: g.Demo, sort: g.Sort})
		}
	}
	transfer, err := s.wallet.Catalogue(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	for _, g := range transfer {
		if !g.Active {
			continue
		}
		games = append(games, lobbyGame{Provider: g.Code, Code: g.Code, Name: g.Name, Category: string(g.Category),
			Image: imageLink(g.Code, wallet.ImageLogo, g.Logo, g.LogoImage), Mode: modeTransfer, sort: g.Sort})
	}
	sort.SliceStable(games, func(i, j int) bool {
		a, b := games[i], games[j]
		if a.sort != b.sort {
			return a.sort < b.sort
		}
		return a.Name < b.Name
	})
	writeJSON(w, http.StatusOK, lobbyResponse{Games: games})
}

type launchResponse struct {
	URL string `json:"url"`
}

// launchGame opens a seamless game for the member: the answer's URL is the
// aggregator's page, whose bets and wins come back as callbacks against the
// wallet. Nothing moves here, so the call needs no Idempotency-Key: a
// repeated launch mints another session. A transfer game answers
// USE_GAME_ACCOUNT: its flow (activate, transfer, log in) is unchanged.
func (s *Server) launchGame(w http.ResponseWriter, r *http.Request) {
	provider, code := r.PathValue("provider"), r.PathValue("code")
	if provider == "" || code == "" || len(provider) > 64 || len(code) > 128 {
		writeError(w, r, errs.New(errs.NoGame))
		return
	}
	if s.lobby == nil || !s.lobby.Has(provider) {
		writeError(w, r, s.notSeamless(r, provider, code))
		return
	}
	u, err := s.lobby.Play(r.Context(), Caller(r).MemberID, provider, code, seamless.PlayOptions{
		Lang: lookupLang(r), ReturnURL: s.lobbyURL(r), IP: s.clientIP(r)})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, launchResponse{URL: u})
}

// notSeamless is the refusal of a launch whose provider is no seamless
// aggregator: USE_GAME_ACCOUNT for an active transfer game, else NO_GAME.
func (s *Server) notSeamless(r *http.Request, provider, code string) error {
	if provider != code {
		return errs.New(errs.NoGame)
	}
	games, err := s.wallet.Catalogue(r.Context())
	if err != nil {
		return err
	}
	for _, g := range games {
		if g.Code == code && g.Active {
			return errs.New(errs.UseGameAccount)
		}
	}
	return errs.New(errs.NoGame)
}

// lobbyURL is where a game's "home" button brings the member back: the
// app's lobby at the origin the request came from (the web app's, when it
// is one the API answers), else at this server.
func (s *Server) lobbyURL(r *http.Request) string {
	const path = "/user/games"
	if o := r.Header.Get("Origin"); o != "" && s.corsAllowed(o) {
		return o + path
	}
	scheme := "http"
	if r.TLS != nil || (r.Header.Get("X-Forwarded-Proto") == "https" && s.fromProxy(peerAddr(r))) {
		scheme = "https"
	}
	return (&url.URL{Scheme: scheme, Host: r.Host, Path: path}).String()
}
