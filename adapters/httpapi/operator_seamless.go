package httpapi

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"ngern/core/changes"
	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/operator"
	"ngern/core/seamless"
)

// operatorSeamlessTable is the seamless aggregators' block of the operator
// endpoints: the configured aggregators (every role reads, owners edit),
// their callbacks' figures, the
// round search (every role reads), the resolution of a stuck round
// (finance and owners; above withdrawApprovalThreshold owners only) and
// the synced game catalogue (owners, like the transfer games').
func (s *Server) operatorSeamlessTable() []operatorRoute {
	all, money, owner := operator.AllRoles, operator.MoneyRoles, operator.OwnerOnly
	return []operatorRoute{
		{pattern: "GET /api/operator/seamless/aggregators", roles: all, handler: s.seamlessAggregators},
		{pattern: "PUT /api/operator/seamless/aggregators/{code}", roles: owner, action: "aggregator.update", target: "code",
			handler: s.putSeamlessAggregator},
		{pattern: "GET /api/operator/seamless/providers", roles: all, handler: s.seamlessProviders},
		{pattern: "GET /api/operator/seamless/rounds", roles: all, handler: s.seamlessRound},
		{pattern: "POST /api/operator/seamless/rounds/{provider}/{round}/resolve", roles: money, action: "round.resolve", target: "round",
			idempotent: true, handler: s.resolveRound},
		{pattern: "GET /api/operator/seamless/games", roles: owner, handler: s.seamlessGames},
		{pattern: "PUT /api/operator/seamless/games/{provider}/{code}", roles: owner, action: "seamless-game.update", target: "code",
			handler: s.putSeamlessGame},
		{pattern: "POST /api/operator/seamless/games/sync", roles: owner, action: "seamless-games.sync", handler: s.syncSeamlessGames},
	}
}

// aggregatorJSON is an aggregator's settings in effect for the console:
// its secret only as set or not and a fingerprint, never its content.
type aggregatorJSON struct {
	Code    string   `json:"code"`
	Kind    string   `json:"kind"`
	Mode    string   `json:"mode"`
	URL     string   `json:"url"`
	Enabled bool     `json:"enabled"`
	Allow   []string `json:"allow"`
	Keys    bool     `json:"keys"`
	// KeyFingerprint names the secret (the first 12 hex digits of its
	// SHA-256); empty when none is set or the kind has its own keys.
	KeyFingerprint   string `json:"keyFingerprint"`
	Editable         bool   `json:"editable"`
	Source           string `json:"source"`
	UnreadableSecret bool   `json:"unreadableSecret"`
	UpdatedBy        string `json:"updatedBy,omitempty"`
	// UpdatedAt is absent while the configuration applies.
	UpdatedAt *time.Time `json:"updatedAt,omitempty"`
	// Hub88 is Hub88's own settings (absent for other kinds).
	Hub88 *hub88SettingsJSON `json:"hub88,omitempty"`
}

// hub88SettingsJSON is Hub88's operator id and keys for the console: each
// key as set or not, its fingerprint and where it comes from, never the
// private key; of ours, the public key that goes to Hub88.
type hub88SettingsJSON struct {
	OperatorID       int64   `json:"operatorId"`
	URLSource        string  `json:"urlSource"`
	OperatorIDSource string  `json:"operatorIdSource"`
	PublicKey        rsaJSON `json:"hub88PublicKey"`
	PrivateKey       rsaJSON `json:"privateKey"`
}

type rsaJSON struct {
	Set bool `json:"set"`
	// Fingerprint is the SHA-256 of the public key's DER (PKIX), in hex.
	Fingerprint string `json:"fingerprint"`
	Source      string `json:"source"`
	// OurPublicKey is the PEM of our private key's public half.
	OurPublicKey string `json:"ourPublicKey,omitempty"`
}

func sourceOf(stored bool) string {
	if stored {
		return "console"
	}
	return "configuration"
}

func aggregatorOf(a seamless.AggregatorSettings) aggregatorJSON {
	out := aggregatorJSON{Code: a.Code, Kind: a.Kind, Mode: a.Mode, URL: a.URL, Enabled: a.Enabled, Allow: a.AllowStrings(),
		Keys: len(a.Secret) > 0, Editable: a.Kind == seamless.KindGeneric, Source: "configuration", UnreadableSecret: a.Unreadable}
	if a.Kind == seamless.KindHub88 {
		out.Keys = a.Hub88Key != nil && a.Key != nil
		h := &hub88SettingsJSON{OperatorID: a.OperatorID, URLSource: sourceOf(a.URLStored), OperatorIDSource: sourceOf(a.OperatorIDStored),
			PublicKey:  rsaJSON{Set: a.Hub88Key != nil, Fingerprint: seamless.KeyFingerprint(a.Hub88Key), Source: sourceOf(a.Hub88KeyStored)},
			PrivateKey: rsaJSON{Set: a.Key != nil, Source: sourceOf(a.KeyStored)}}
		if a.Key != nil {
			h.PrivateKey.Fingerprint = seamless.KeyFingerprint(&a.Key.PublicKey)
			h.PrivateKey.OurPublicKey = seamless.PublicKeyPEM(&a.Key.PublicKey)
		}
		out.Hub88 = h
	}
	if a.Kind == seamless.KindGeneric {
		out.KeyFingerprint = a.Fingerprint()
	}
	if a.Stored {
		t := a.UpdatedAt.UTC()
		out.Source, out.UpdatedBy, out.UpdatedAt = "console", a.UpdatedBy, &t
	}
	return out
}

// seamlessAggregators lists the configured aggregators with their settings
// in effect (every role reads; owners edit).
func (s *Server) seamlessAggregators(w http.ResponseWriter, r *http.Request) {
	out := []aggregatorJSON{}
	if s.aggregators != nil {
		all, err := s.aggregators.All(r.Context())
		if err != nil {
			writeError(w, r, err)
			return
		}
		for _, a := range all {
			out = append(out, aggregatorOf(a))
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"aggregators": out})
}

// aggregatorRequest is an owner's change of an aggregator: a secret, URL,
// operator id or key left out keeps the one in effect.
type aggregatorRequest struct {
	Enabled *bool    `json:"enabled" validate:"required"`
	Allow   []string `json:"allow" validate:"max=64"`
	Secret  *string  `json:"secret"`
	// Hub88's: "" and 0 go back to the configuration's; the keys in PEM.
	URL        *string `json:"url" validate:"omitempty,max=512"`
	OperatorID *int64  `json:"operatorId" validate:"omitempty,min=0"`
	Hub88Key   *string `json:"hub88PublicKey" validate:"omitempty,max=16384"`
	Key        *string `json:"privateKey" validate:"omitempty,max=16384"`
}

// putSeamlessAggregator changes an aggregator's settings, audited with
// the before and after as the console sees them (never the secret), and
// applied on every node without a restart. A new secret, another
// allow-list or switching on is proposed instead: 202, applied when a
// second owner approves it (core/changes).
func (s *Server) putSeamlessAggregator(w http.ResponseWriter, r *http.Request) {
	var req aggregatorRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	if s.aggregators == nil {
		writeError(w, r, errs.New(errs.NoData))
		return
	}
	code := r.PathValue("code")
	u := seamless.AggregatorUpdate{Enabled: *req.Enabled, Allow: req.Allow, Secret: req.Secret, URL: req.URL, OperatorID: req.OperatorID,
		Hub88Key: req.Hub88Key, Key: req.Key}
	before, after, err := s.aggregators.Check(r.Context(), code, u)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if changes.AggregatorUpdateNeedsTwoOwners(before, after, u) {
		// What could let money move waits for a second owner; the whole
		// change is proposed (switching off alone applies at once).
		c, err := s.changes.ProposeAggregator(r.Context(), principal(r), code, u)
		writeProposed(w, r, c, err)
		return
	}
	before, after, err = s.aggregators.Update(r.Context(), code, u, operatorName(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	b, a := aggregatorOf(before), aggregatorOf(after)
	n := noteAudit(r)
	n.before, n.after = aggregatorAudit(b), aggregatorAudit(a)
	logger(r.Context()).InfoContext(r.Context(), "aggregator settings changed", "code", code, "enabled", a.Enabled, "allow", len(a.Allow))
	writeJSON(w, http.StatusOK, map[string]any{"aggregator": a})
}

// aggregatorAudit is what the audit keeps of an aggregator's settings:
// never a secret or a key, only their fingerprints.
func aggregatorAudit(a aggregatorJSON) map[string]any {
	out := map[string]any{"enabled": a.Enabled, "allow": a.Allow, "keyFingerprint": a.KeyFingerprint}
	if h := a.Hub88; h != nil {
		out["url"], out["operatorId"] = a.URL, h.OperatorID
		out["hub88PublicKeyFingerprint"], out["privateKeyFingerprint"] = h.PublicKey.Fingerprint, h.PrivateKey.Fingerprint
	}
	return out
}

type seamlessCountJSON struct {
	Kind    seamless.Kind `json:"kind"`
	Outcome string        `json:"outcome"`
	Count   int64         `json:"count"`
}

type seamlessWindowJSON struct {
	Calls  int64               `json:"calls"`
	P99Ms  float64             `json:"p99Ms"`
	Counts []seamlessCountJSON `json:"counts"`
}

type providerFiguresJSON struct {
	Provider string             `json:"provider"`
	Hour     seamlessWindowJSON `json:"hour"`
	Day      seamlessWindowJSON `json:"day"`
}

func seamlessWindowOf(w seamless.Window) seamlessWindowJSON {
	out := seamlessWindowJSON{Calls: w.Calls, P99Ms: float64(w.P99) / float64(time.Millisecond), Counts: make([]seamlessCountJSON, len(w.Counts))}
	for i, c := range w.Counts {
		out.Counts[i] = seamlessCountJSON{Kind: c.Kind, Outcome: c.Outcome, Count: c.N}
	}
	return out
}

// seamlessProviders answers the callbacks this node answered per provider
// over the last hour and day (seamless.Stats: per node, since its start).
func (s *Server) seamlessProviders(w http.ResponseWriter, _ *http.Request) {
	out := []providerFiguresJSON{}
	var since time.Time
	if s.seamless != nil {
		for _, f := range s.seamless.Figures() {
			out = append(out, providerFiguresJSON{Provider: f.Provider, Hour: seamlessWindowOf(f.Hour), Day: seamlessWindowOf(f.Day)})
		}
		since = s.seamlessSince
	}
	writeJSON(w, http.StatusOK, map[string]any{"providers": out, "since": since.UTC()})
}

type seamlessRoundTxJSON struct {
	TxID      string         `json:"txId"`
	Kind      seamless.Kind  `json:"kind"`
	State     seamless.State `json:"state"`
	Amount    money.Satang   `json:"amount"`
	MemberID  string         `json:"memberId"`
	Game      string         `json:"game"`
	RefTxID   string         `json:"refTxId,omitempty"`
	JournalID string         `json:"journalId,omitempty"`
	Balance   money.Satang   `json:"balance"`
	Manual    bool           `json:"manual"`
	CreatedAt time.Time      `json:"createdAt"`
}

type seamlessRoundJSON struct {
	Provider   string              `json:"provider"`
	Round      string              `json:"round"`
	MemberID   string              `json:"memberId"`
	Stake      money.Satang        `json:"stake"`
	Stuck      bool                `json:"stuck"`
	StuckSince *time.Time          `json:"stuckSince,omitempty"`
	Resolved   seamless.Resolution `json:"resolved,omitempty"`
	// OwnerOnly is set when a refund is above withdrawApprovalThreshold.
	OwnerOnly    bool                  `json:"ownerOnly"`
	Transactions []seamlessRoundTxJSON `json:"transactions"`
}

func (s *Server) seamlessRoundOf(r *http.Request, v seamless.Round) (seamlessRoundJSON, error) {
	limit, err := s.settings.WithdrawApprovalThreshold(r.Context())
	if err != nil {
		return seamlessRoundJSON{}, err
	}
	out := seamlessRoundJSON{Provider: v.Provider, Round: v.RoundID, MemberID: v.MemberID, Stake: v.Stake, Stuck: v.Stuck, Resolved: v.Resolved,
		OwnerOnly: v.Stake > limit, Transactions: make([]seamlessRoundTxJSON, len(v.Txs))}
	if !v.StuckSince.IsZero() {
		t := v.StuckSince.UTC()
		out.StuckSince = &t
	}
	for i, t := range v.Txs {
		out.Transactions[i] = seamlessRoundTxJSON{TxID: t.TxID, Kind: t.Kind, State: t.State, Amount: t.Amount, MemberID: t.MemberID, Game: t.Game,
			RefTxID: t.RefTxID, JournalID: t.JournalID, Balance: t.Balance, Manual: strings.HasPrefix(t.TxID, seamless.ManualPrefix), CreatedAt: t.CreatedAt.UTC()}
	}
	return out, nil
}

// seamlessRound finds a round by ?provider=&round= or ?provider=&tx=.
func (s *Server) seamlessRound(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	provider, round, tx := q.Get("provider"), q.Get("round"), q.Get("tx")
	if s.seamless == nil {
		writeError(w, r, errs.New(errs.NoData))
		return
	}
	if provider == "" || (round == "") == (tx == "") {
		writeError(w, r, errs.OnField(errs.InvalidRequest, "round"))
		return
	}
	var v seamless.Round
	var err error
	if round != "" {
		v, err = s.seamless.Round(r.Context(), provider, round)
	} else {
		v, err = s.seamless.RoundOf(r.Context(), provider, tx)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	out, err := s.seamlessRoundOf(r, v)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

type resolveRoundRequest struct {
	Resolution seamless.Resolution `json:"resolution" validate:"required,oneof=refund lost"`
	Reason     string              `json:"reason" validate:"required,reason"`
}

// resolveRound resolves a stuck round: refund its bets or close it as
// lost (seamless.Service.Resolve), audited with the reason. A refund above
// withdrawApprovalThreshold is the owners' (FORBIDDEN_ROLE for finance).
func (s *Server) resolveRound(w http.ResponseWriter, r *http.Request) {
	var req resolveRoundRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	if s.seamless == nil {
		writeError(w, r, errs.New(errs.NoData))
		return
	}
	provider, round := r.PathValue("provider"), r.PathValue("round")
	v, err := s.seamless.Round(r.Context(), provider, round)
	if err != nil {
		writeError(w, r, err)
		return
	}
	before, err := s.seamlessRoundOf(r, v)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if req.Resolution == seamless.Refund && before.OwnerOnly && principal(r).Role != operator.Owner {
		writeError(w, r, errs.New(errs.ForbiddenRole))
		return
	}
	res, err := s.seamless.Resolve(r.Context(), provider, round, req.Resolution)
	switch {
	case errors.Is(err, seamless.ErrNotStuck):
		err = errs.New(errs.RoundNotStuck)
	case errors.Is(err, seamless.ErrResolved):
		err = errs.New(errs.RoundResolved)
	case errors.Is(err, seamless.ErrInvalid):
		err = errs.OnField(errs.InvalidRequest, "round")
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	after, err := s.seamlessRoundOf(r, res.Round)
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.target = provider + ":" + round
	n.before = map[string]any{"stake": v.Stake, "stuck": v.Stuck, "member": v.MemberID}
	n.after = map[string]any{"resolution": req.Resolution, "reason": req.Reason, "refunded": res.Refunded, "wallet": res.Balance}
	n.skip = res.Duplicate
	logger(r.Context()).InfoContext(r.Context(), "seamless round resolved", "provider", provider, "round", round,
		"resolution", req.Resolution, "refunded", res.Refunded, "duplicate", res.Duplicate)
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.Success, "refunded": res.Refunded, "wallet": res.Balance,
		"duplicate": res.Duplicate, "round": after})
}
