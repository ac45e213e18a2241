package httpapi

import (
	"bytes"
	"net/http"
	"net/url"
	"time"

	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/rewards"
	"ngern/core/wallet"
)

// walletRoutes mounts the wallet, statement and auto-login calls of spec
// part 7. Calls that move money are idempotent by Idempotency-Key.
func (s *Server) walletRoutes() {
	m := s.mux
	m.Handle("GET /api/wallet", s.member(s.walletHome))
	m.HandleFunc("GET /api/games/{code}/{kind}", s.gameImage)
	m.Handle("GET /api/wallet/refresh/slot", s.member(s.walletRefresh))
	m.Handle("GET /api/wallet/activate/{code}", s.member(s.activateGame))
	m.Handle("GET /api/wallet/account/{code}", s.member(s.gameCredentials))
	m.Handle("GET /api/wallet/resetpassword/{code}", s.member(s.resetGamePassword))
	m.Handle("POST /api/wallet/transfer", s.member(s.idempotent(memberScope, s.transfer)))
	m.Handle("POST /api/wallet/transferAll", s.member(s.idempotent(memberScope, s.transferAll)))
	m.Handle("POST /api/wallet/add", s.member(s.walletAdd))
	m.Handle("POST /api/wallet/withdraw", s.member(s.idempotent(memberScope, s.withdraw)))
	m.Handle("POST /api/wallet/withdrawAll", s.member(s.idempotent(memberScope, s.withdrawAll)))
	m.Handle("GET /api/wallet/withdrawals", s.member(s.memberWithdrawals))
	m.Handle("POST /api/statement", s.member(s.statement))
	m.Handle("GET /api/autoLogin/{provider}/{username}", s.member(s.autoLogin))
	m.Handle("GET /api/autoLogin/{provider}/{username}/{password}", s.member(s.autoLogin))
}

// walletResponse is the wallet response of spec part 3 but its "slots"
// ([]slotJSON), which writeWallet appends after these fields from cached
// per-game JSON (homejson.go). A new field of the answer goes here.
type walletResponse struct {
	Profile     profileJSON     `json:"profile"`
	BankAccount bankAccountJSON `json:"bankAccount"`
	Wallet      amountJSON      `json:"wallet"`
	Invite      inviteJSON      `json:"invite"`
	UpdatedAt   time.Time       `json:"updatedAt"`
}

type amountJSON struct {
	Amount money.Satang `json:"amount"`
}

// inviteJSON is the invite bonus waiting (GET /api/invite/bonus) with the
// condition's percentages of the invite settings.
type inviteJSON struct {
	Amount  money.Satang `json:"amount"`
	Success int          `json:"success"`
	Fail    int          `json:"fail"`
}

// slotJSON is a game of the home screen. Its JSON is cached per game
// (homejson.go) with isActive and amount, the only member values, spliced
// in: a new member-specific field needs its place there too (the tests
// compare the answer with encoding/json's).
type slotJSON struct {
	Code         string          `json:"code"`
	Name         string          `json:"name"`
	Logo         string          `json:"logo"`
	Background   string          `json:"background"`
	IsActive     bool            `json:"isActive"`
	Amount       money.Satang    `json:"amount"`
	FtWalletSlot float64         `json:"ftWalletSlot"`
	Category     wallet.Category `json:"category"`
	Web          *string         `json:"web"`
	Android      *string         `json:"android"`
	IOS          *string         `json:"ios"`
}

func toWallet(h *wallet.Home) walletResponse {
	m := h.Member
	out := walletResponse{
		Profile: profileJSON{ID: m.ID, Code: m.Code, Name: m.Name, Username: m.Phone, CreatedAt: m.CreatedAt.UTC(), Coin: m.Coin},
		BankAccount: bankAccountJSON{BankCode: m.BankCode, BankAccountName: m.BankAccountName, BankAccountNo: m.BankAccountNo,
			Currency: m.Currency, Bank: bankJSON{Code: h.Bank.Code, NameTH: h.Bank.NameTH, NameEN: h.Bank.NameEN}},
		Wallet:    amountJSON{Amount: h.Wallet},
		Invite:    inviteJSON{Amount: h.InviteBonus},
		UpdatedAt: h.UpdatedAt,
	}
	return out
}

// toSlotJSON is a game of the home screen as the answer shows it.
func toSlotJSON(sl wallet.Slot) slotJSON {
	return slotJSON{Code: sl.Code, Name: sl.Name, IsActive: sl.IsActive,
		Logo:       imageLink(sl.Code, wallet.ImageLogo, sl.Logo, sl.LogoImage),
		Background: imageLink(sl.Code, wallet.ImageBackground, sl.Background, sl.BackgroundImage),
		Amount:     sl.Amount, FtWalletSlot: sl.FtWalletSlot, Category: sl.Category, Web: sl.Web, Android: sl.Android, IOS: sl.IOS}
}

// imageLink is what the home screen shows for a game picture: a picture
// stored inline (a data URL) becomes a link to GET /api/games/{code}/{kind}
// carrying its version, so that clients fetch it once and cache it; a
// picture stored as a link is shown as it is.
func imageLink(code string, kind wallet.ImageKind, stored string, img *wallet.Image) string {
	if img == nil {
		return stored
	}
	return "/api/games/" + url.PathEscape(code) + "/" + string(kind) + "?v=" + img.Version
}

// imageCSP confines a served picture: an SVG opened on its own runs no
// script and loads nothing.
const imageCSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"

// gameImage serves a game's logo or background stored inline in the
// catalogue. The link of the home screen carries the picture's version
// (?v=): with the current version the answer may be cached for a year, as
// a new picture gets a new link; without it, or with an old one, for a
// minute. It answers 304 to a matching If-None-Match.
func (s *Server) gameImage(w http.ResponseWriter, r *http.Request) {
	code, err := gameCode(r, "code")
	var img *wallet.Image
	if err == nil {
		img, err = s.wallet.GameImage(r.Context(), code, wallet.ImageKind(r.PathValue("kind")))
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", img.ContentType)
	h.Set("Content-Security-Policy", imageCSP)
	h.Set("ETag", `"`+img.Version+`"`)
	if r.URL.Query().Get("v") == img.Version {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, max-age=60")
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(img.Data))
}

func (s *Server) walletHome(w http.ResponseWriter, r *http.Request) {
	h, err := s.wallet.Home(r.Context(), Caller(r).MemberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	s.writeWallet(w, r, h)
}

// fillInvite sets the invite percentages of the wallet answer from the
// invite settings (cached); the amount came with the home query (toWallet).
func (s *Server) fillInvite(r *http.Request, out *walletResponse) {
	if s.rewards == nil {
		return
	}
	st, err := s.rewards.CachedSettings(r.Context(), rewards.Invite)
	if err != nil {
		logger(r.Context()).WarnContext(r.Context(), "invite settings not read", "err", err)
		return
	}
	out.Invite.Success, out.Invite.Fail = st.SuccessPercent, st.FailPercent
}

func (s *Server) walletRefresh(w http.ResponseWriter, r *http.Request) {
	h, err := s.wallet.Refresh(r.Context(), Caller(r).MemberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	s.writeWallet(w, r, h)
}

// gameCode reads the {code} of a path, bounded so that nothing odd reaches
// the provider.
func gameCode(r *http.Request, name string) (string, error) {
	c := r.PathValue(name)
	if c == "" || len(c) > 64 {
		return "", errs.New(errs.NoGame)
	}
	return c, nil
}

func (s *Server) activateGame(w http.ResponseWriter, r *http.Request) {
	code, err := gameCode(r, "code")
	if err == nil {
		err = s.wallet.Activate(r.Context(), Caller(r).MemberID, code)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]errs.Code{"message": errs.Success})
}

func (s *Server) gameCredentials(w http.ResponseWriter, r *http.Request) {
	code, err := gameCode(r, "code")
	var cred wallet.Credentials
	if err == nil {
		cred, err = s.wallet.Credentials(r.Context(), Caller(r).MemberID, code)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, cred)
}

func (s *Server) resetGamePassword(w http.ResponseWriter, r *http.Request) {
	code, err := gameCode(r, "code")
	var cred wallet.Credentials
	if err == nil {
		cred, err = s.wallet.ResetPassword(r.Context(), Caller(r).MemberID, code)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, cred)
}

type transferRequest struct {
	From   string       `json:"from" validate:"max=64"`
	To     string       `json:"to" validate:"max=64"`
	Amount money.Satang `json:"amount"`
}

// transferResponse answers the calls that move money between the wallet
// and games.
type transferResponse struct {
	Message errs.Code  `json:"message"`
	Wallet  amountJSON `json:"wallet"`
}

func (s *Server) transfer(w http.ResponseWriter, r *http.Request) {
	var req transferRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	bal, err := s.wallet.Transfer(r.Context(), Caller(r).MemberID, req.From, req.To, req.Amount)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, transferResponse{Message: errs.Success, Wallet: amountJSON{bal}})
}

type transferAllRequest struct {
	To string `json:"to" validate:"max=64"`
}

func (s *Server) transferAll(w http.ResponseWriter, r *http.Request) {
	var req transferAllRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	bal, err := s.wallet.TransferAll(r.Context(), Caller(r).MemberID, req.To)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, transferResponse{Message: errs.Success, Wallet: amountJSON{bal}})
}

type withdrawRequest struct {
	Amount money.Satang `json:"amount"`
}

type withdrawalJSON struct {
	ID        string                  `json:"_id"`
	Amount    money.Satang            `json:"amount"`
	Status    wallet.WithdrawalStatus `json:"status"`
	CreatedAt time.Time               `json:"createdAt"`
}

type withdrawResponse struct {
	Message    errs.Code      `json:"message"`
	Withdrawal withdrawalJSON `json:"withdrawal"`
}

func toWithdrawal(wd wallet.Withdrawal) withdrawalJSON {
	return withdrawalJSON{ID: wd.ID, Amount: wd.Amount, Status: wd.Status, CreatedAt: wd.CreatedAt.UTC()}
}

// walletAdd answers POST /api/wallet/add {"amount"}, the spec's client's
// "add to wallet" entry: it never credits. Money comes in only through a
// deposit method (slip, QR, gift link; GET /api/lookup/deposit lists them),
// so a well-formed amount answers 400 USE_DEPOSIT_METHOD, which the app
// takes as its cue to open the deposit modal; a malformed one is refused as
// any amount is. Nothing is written either way.
func (s *Server) walletAdd(w http.ResponseWriter, r *http.Request) {
	var req withdrawRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	if req.Amount <= 0 {
		writeError(w, r, errs.OnField(errs.InvalidAmount, "amount"))
		return
	}
	writeError(w, r, errs.New(errs.UseDepositMethod))
}

func (s *Server) withdraw(w http.ResponseWriter, r *http.Request) {
	var req withdrawRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	wd, err := s.wallet.Withdraw(r.Context(), Caller(r).MemberID, req.Amount)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, withdrawResponse{Message: errs.Success, Withdrawal: toWithdrawal(wd)})
}

func (s *Server) withdrawAll(w http.ResponseWriter, r *http.Request) {
	var req withdrawRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	wd, err := s.wallet.WithdrawAll(r.Context(), Caller(r).MemberID, req.Amount)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, withdrawResponse{Message: errs.Success, Withdrawal: toWithdrawal(wd)})
}

type pageRequest struct {
	Page  int `json:"page" validate:"min=0,max=1000000"`
	Limit int `json:"limit" validate:"min=0,max=1000"`
}

type statementJSON struct {
	ID          string       `json:"_id"`
	Type        string       `json:"statementType"`
	From        string       `json:"from"`
	To          string       `json:"to"`
	Amount      money.Satang `json:"amount"`
	Status      string       `json:"status"`
	CreatedAt   time.Time    `json:"createdAt"`
	Description *string      `json:"description"`
	Source      *string      `json:"source"`
	Round       *roundJSON   `json:"round,omitempty"`
	// WithdrawalStatus is a withdrawal line's progress (docs/api.md).
	WithdrawalStatus string `json:"withdrawalStatus,omitempty"`
	// Method and Channel are a deposit line's method and its QR provider
	// or sender's bank (wallet.StatementItem.Method, docs/api.md).
	Method  string `json:"method,omitempty"`
	Channel string `json:"channel,omitempty"`
}

// roundJSON is a game_round item's round (wallet.Round).
type roundJSON struct {
	Provider  string         `json:"provider"`
	Round     string         `json:"round"`
	Game      string         `json:"game"`
	GameName  string         `json:"gameName"`
	Stake     money.Satang   `json:"stake"`
	Payout    money.Satang   `json:"payout"`
	Net       money.Satang   `json:"net"`
	Movements []movementJSON `json:"movements"`
}

type movementJSON struct {
	Kind       string       `json:"kind"`
	TxID       string       `json:"txId"`
	Amount     money.Satang `json:"amount"`
	RolledBack bool         `json:"rolledBack"`
	CreatedAt  time.Time    `json:"createdAt"`
}

// statementOut is the statement's items as the member's and the
// operator's statement calls answer them.
func statementOut(items []wallet.StatementItem) []statementJSON {
	out := make([]statementJSON, len(items))
	for i, it := range items {
		out[i] = statementJSON{ID: it.ID, Type: it.Type, From: it.From, To: it.To, Amount: it.Amount, Status: it.Status,
			CreatedAt: it.CreatedAt.UTC(), Description: orNull(it.Description), Source: orNull(it.Source), WithdrawalStatus: it.Withdrawal,
			Method: it.Method, Channel: it.Channel}
		if r := it.Round; r != nil {
			moves := make([]movementJSON, len(r.Movements))
			for j, m := range r.Movements {
				moves[j] = movementJSON{Kind: m.Kind, TxID: m.TxID, Amount: m.Amount, RolledBack: m.RolledBack, CreatedAt: m.CreatedAt.UTC()}
			}
			out[i].Round = &roundJSON{Provider: r.Provider, Round: r.Round, Game: r.Game, GameName: r.GameName,
				Stake: r.Stake, Payout: r.Payout, Net: r.Net(), Movements: moves}
		}
	}
	return out
}

func orNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// statementRequest is a statement call: a page (spec part 3: page and
// limit, answered with the total), or, when before is given, the page
// after a cursor ("" for the newest), answered with the next page's
// cursor and no total (docs/api.md).
type statementRequest struct {
	pageRequest
	Before *string `json:"before" validate:"omitempty,max=200"`
}

func (s *Server) statement(w http.ResponseWriter, r *http.Request) {
	var req statementRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	if req.Before != nil {
		before, err := wallet.ParseStatementCursor(*req.Before)
		if err != nil {
			writeError(w, r, err)
			return
		}
		items, next, err := s.wallet.StatementBefore(r.Context(), Caller(r).MemberID, before, req.Limit)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"statements": statementOut(items), "next": orNull(next.String())})
		return
	}
	items, total, err := s.wallet.Statement(r.Context(), Caller(r).MemberID, req.Page, req.Limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeStatementPage(w, items, total)
}

// writeStatementPage answers a statement page read by number: its total
// stops at wallet.StatementCountCap, and totalCapped says the member has
// more.
func writeStatementPage(w http.ResponseWriter, items []wallet.StatementItem, total int) {
	writeJSON(w, http.StatusOK, map[string]any{"total": min(total, wallet.StatementCountCap),
		"totalCapped": total > wallet.StatementCountCap, "statements": statementOut(items)})
}

// memberWithdrawalJSON is one of the member's recent withdrawals with where
// it stands (Withdrawal.Progress) and why it did not pay (MemberReason).
type memberWithdrawalJSON struct {
	ID        string       `json:"_id"`
	Amount    money.Satang `json:"amount"`
	Progress  string       `json:"progress"`
	Reason    *string      `json:"reason"`
	CreatedAt time.Time    `json:"createdAt"`
	DecidedAt *time.Time   `json:"decidedAt"`
}

// memberWithdrawals answers GET /api/wallet/withdrawals?limit=: the
// caller's own newest withdrawals (the withdraw modal's list).
func (s *Server) memberWithdrawals(w http.ResponseWriter, r *http.Request) {
	list, err := s.wallet.MemberWithdrawals(r.Context(), Caller(r).MemberID, queryInt(r.URL.Query().Get("limit")))
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]memberWithdrawalJSON, len(list))
	for i, wd := range list {
		out[i] = memberWithdrawalJSON{ID: wd.ID, Amount: wd.Amount, Progress: wd.Progress(), CreatedAt: wd.CreatedAt.UTC()}
		if reason := wd.MemberReason(); reason != "" {
			out[i].Reason = &reason
		}
		if wd.DecidedAt != nil {
			at := wd.DecidedAt.UTC()
			out[i].DecidedAt = &at
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"withdrawals": out})
}

func (s *Server) autoLogin(w http.ResponseWriter, r *http.Request) {
	code, err := gameCode(r, "provider")
	username, password := r.PathValue("username"), r.PathValue("password")
	var link string
	if err == nil && (len(username) > 128 || len(password) > 256) {
		err = errs.New(errs.SlotNoAccount)
	}
	if err == nil {
		link, err = s.wallet.AutoLogin(r.Context(), Caller(r).MemberID, code, username, password)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"link": link})
}
