package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/operator"
)

// pageQuery reads ?page=&limit= (0 when absent: the list's default).
func pageQuery(r *http.Request) (page, limit int, err error) {
	q := r.URL.Query()
	for _, f := range []struct {
		name string
		to   *int
	}{{"page", &page}, {"limit", &limit}} {
		v := q.Get(f.name)
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 1000000 {
			return 0, 0, errs.OnField(errs.InvalidRequest, f.name)
		}
		*f.to = n
	}
	return page, limit, nil
}

func memberStatus(active bool) string {
	if active {
		return "active"
	}
	return "locked"
}

type memberRowJSON struct {
	ID              string    `json:"_id"`
	Code            string    `json:"memberCode"`
	Phone           string    `json:"phone"`
	Name            string    `json:"name"`
	BankCode        string    `json:"bankCode"`
	BankAccountNo   string    `json:"bankAccountNo"`
	BankAccountName string    `json:"bankAccountName"`
	Status          string    `json:"status"`
	CreatedAt       time.Time `json:"createdAt"`
}

func (s *Server) searchMembers(w http.ResponseWriter, r *http.Request) {
	page, limit, err := pageQuery(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	q := r.URL.Query().Get("q")
	rows, total, err := s.console.SearchMembers(r.Context(), q, page, limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]memberRowJSON, len(rows))
	for i, m := range rows {
		out[i] = memberRowJSON{ID: m.ID, Code: m.Code, Phone: m.Phone, Name: m.Name, BankCode: m.BankCode, BankAccountNo: m.BankAccountNo,
			BankAccountName: m.BankAccountName, Status: memberStatus(m.Active), CreatedAt: m.CreatedAt.UTC()}
	}
	noteAudit(r).target = q
	writeJSON(w, http.StatusOK, map[string]any{"members": out, "total": total})
}

type memberJSON struct {
	ID         string     `json:"_id"`
	Code       string     `json:"memberCode"`
	Phone      string     `json:"phone"`
	Name       string     `json:"name"`
	Status     string     `json:"status"`
	CreatedAt  time.Time  `json:"createdAt"`
	LastSeenAt *time.Time `json:"lastSeenAt"`
}

func toMemberJSON(m *account.Member, sessions []account.Session) memberJSON {
	var last *time.Time
	for _, ses := range sessions {
		if t := ses.LastSeenAt.UTC(); last == nil || t.After(*last) {
			last = &t
		}
	}
	return memberJSON{ID: m.ID, Code: m.Code, Phone: m.Phone, Name: m.Name, Status: memberStatus(m.Active), CreatedAt: m.CreatedAt.UTC(), LastSeenAt: last}
}

type sessionJSON struct {
	ID         string    `json:"id"`
	CreatedAt  time.Time `json:"createdAt"`
	LastSeenAt time.Time `json:"lastSeenAt"`
	IP         string    `json:"ip"`
	UserAgent  string    `json:"userAgent"`
}

type noteJSON struct {
	At       time.Time `json:"at"`
	Operator string    `json:"operator"`
	Text     string    `json:"text"`
}

func toNoteJSON(n operator.Note) noteJSON {
	return noteJSON{At: n.At.UTC(), Operator: n.Operator, Text: n.Text}
}

type memberGameJSON struct {
	Code   string       `json:"code"`
	Name   string       `json:"name"`
	Amount money.Satang `json:"amount"`
}

func (s *Server) memberDetail(w http.ResponseWriter, r *http.Request) {
	ctx, id := r.Context(), r.PathValue("id")
	// The member's status comes from the account itself: the wallet's home
	// view carries the member's money and bank, not whether they may sign in.
	member, err := s.accounts.Member(ctx, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	home, err := s.wallet.Home(ctx, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	sessions, err := s.accounts.Sessions(ctx, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	notes, err := s.console.Notes(ctx, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	m := home.Member
	games := []memberGameJSON{}
	for _, sl := range home.Slots {
		if sl.IsActive {
			games = append(games, memberGameJSON{Code: sl.Code, Name: sl.Name, Amount: sl.Amount})
		}
	}
	ses := make([]sessionJSON, len(sessions))
	for i, x := range sessions {
		ses[i] = sessionJSON{ID: account.SessionID(x.TokenHash), CreatedAt: x.CreatedAt.UTC(), LastSeenAt: x.LastSeenAt.UTC(),
			IP: x.IP, UserAgent: x.UserAgent}
	}
	ns := make([]noteJSON, len(notes))
	for i, n := range notes {
		ns[i] = toNoteJSON(n)
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"member": toMemberJSON(member, sessions),
		"bankAccount": map[string]any{"bankCode": m.BankCode, "bankAccountNo": m.BankAccountNo, "bankAccountName": m.BankAccountName,
			"bank": map[string]string{"nameTH": home.Bank.NameTH, "nameEN": home.Bank.NameEN}},
		"wallet":   amountJSON{home.Wallet},
		"games":    games,
		"sessions": ses,
		"notes":    ns,
	})
}

func (s *Server) memberStatement(w http.ResponseWriter, r *http.Request) {
	page, limit, err := pageQuery(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	id := r.PathValue("id")
	if _, err := s.accounts.Member(r.Context(), id); err != nil {
		writeError(w, r, err)
		return
	}
	items, total, err := s.wallet.Statement(r.Context(), id, page, limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeStatementPage(w, items, total)
}

type lockRequest struct {
	Reason string `json:"reason" validate:"reason"`
}

func (s *Server) setMemberActive(w http.ResponseWriter, r *http.Request, active bool) {
	var req lockRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	ctx, id := r.Context(), r.PathValue("id")
	before, err := s.accounts.Member(ctx, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	m, err := s.accounts.SetActive(ctx, id, active)
	if err != nil {
		writeError(w, r, err)
		return
	}
	sessions, err := s.accounts.Sessions(ctx, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.before = map[string]string{"status": memberStatus(before.Active)}
	n.after = map[string]string{"status": memberStatus(m.Active), "reason": req.Reason}
	writeJSON(w, http.StatusOK, map[string]any{"member": toMemberJSON(m, sessions)})
}

func (s *Server) lockMember(w http.ResponseWriter, r *http.Request)   { s.setMemberActive(w, r, false) }
func (s *Server) unlockMember(w http.ResponseWriter, r *http.Request) { s.setMemberActive(w, r, true) }

func (s *Server) revokeMemberSessions(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, err := s.accounts.Member(r.Context(), id); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.accounts.RevokeSessions(r.Context(), id); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.OK})
}

func (s *Server) revokeMemberSession(w http.ResponseWriter, r *http.Request) {
	sid := r.PathValue("sessionId")
	if err := s.accounts.RevokeSession(r.Context(), r.PathValue("id"), sid); err != nil {
		writeError(w, r, err)
		return
	}
	noteAudit(r).after = map[string]string{"session": sid}
	writeJSON(w, http.StatusOK, map[string]any{"message": errs.OK})
}

type noteRequest struct {
	Text string `json:"text" validate:"required"`
}

func (s *Server) addMemberNote(w http.ResponseWriter, r *http.Request) {
	var req noteRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	id := r.PathValue("id")
	if _, err := s.accounts.Member(r.Context(), id); err != nil {
		writeError(w, r, err)
		return
	}
	n, err := s.console.AddNote(r.Context(), principal(r), id, req.Text)
	if err != nil {
		writeError(w, r, err)
		return
	}
	noteAudit(r).after = toNoteJSON(n)
	writeJSON(w, http.StatusOK, map[string]any{"note": toNoteJSON(n)})
}
