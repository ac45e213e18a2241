package httpapi

import (
	"encoding/json"
	"io"
	"net/http"

	"ngern/core/errs"
	"ngern/core/operator"
	"ngern/core/settings"
	"ngern/core/wallet"
)

type settingJSON struct {
	Name       string          `json:"name"`
	Value      json.RawMessage `json:"value"`
	EditableBy []operator.Role `json:"editableBy"`
	// Missing lists the languages a text has no translation in (served in
	// Thai); absent for a setting that is not a text.
	Missing []string `json:"missing,omitempty"`
}

func (s *Server) listSettings(w http.ResponseWriter, r *http.Request) {
	names := settings.Names()
	out := make([]settingJSON, 0, len(names))
	for _, name := range names {
		v, err := s.settings.Value(r.Context(), name)
		if err != nil {
			writeError(w, r, err)
			return
		}
		out = append(out, settingJSON{Name: name, Value: v, EditableBy: operator.SettingEditors(name),
			Missing: settings.MissingLangs(name, v)})
	}
	writeJSON(w, http.StatusOK, map[string]any{"settings": out})
}

// getSetting answers one stored setting's value, as PUT stores it (e.g.
// autoWithdraw, the auto-approval rules); every role reads it, as every
// role reads the list.
func (s *Server) getSetting(w http.ResponseWriter, r *http.Request) {
	v, err := s.settings.Value(r.Context(), r.PathValue("name"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// settingSchemas answers the JSON Schema of every setting's document, by
// key: what PUT checks (settings.Schemas).
func (s *Server) settingSchemas(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"schemas": settings.Schemas()})
}

// putSetting replaces a stored setting, e.g. active {"terminated": true}
// to shut the service down, withdraw {"withdrawMin", "withdrawMax"} or
// withdrawApprovalThreshold {"amount"}. Each setting names the roles that
// may change it (operator.SettingEditors); the threshold and the receiving
// accounts are proposed and wait for a second owner (core/changes).
func (s *Server) putSetting(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !operator.Allowed(principal(r).Role, operator.SettingEditors(name)) {
		writeError(w, r, errs.New(errs.ForbiddenRole))
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, r, errs.New(errs.PayloadTooLarge))
		return
	}
	// Settings bypass the usual decoding, so the character check runs here.
	if field, ok := checkJSON(body); !ok {
		writeError(w, r, errs.OnField(errs.InvalidCharacters, field))
		return
	}
	if operator.SettingNeedsTwoOwners(name) {
		// The threshold and the receiving accounts: a second owner approves.
		c, err := s.changes.ProposeSetting(r.Context(), principal(r), name, body)
		writeProposed(w, r, c, err)
		return
	}
	before, err := s.settings.Value(r.Context(), name)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.settings.Put(r.Context(), name, body); err != nil {
		writeError(w, r, err)
		return
	}
	logger(r.Context()).InfoContext(r.Context(), "setting changed", "setting", name)
	v, err := s.settings.Value(r.Context(), name)
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.before, n.after = before, v
	writeJSON(w, http.StatusOK, v)
}

type operatorGameJSON struct {
	slotJSON
	Active bool `json:"active"`
	Sort   int  `json:"sort"`
}

func toOperatorGame(g wallet.Game) operatorGameJSON {
	return operatorGameJSON{slotJSON: slotJSON{Code: g.Code, Name: g.Name, Logo: g.Logo, Background: g.Background,
		FtWalletSlot: g.FtWalletSlot, Category: g.Category, Web: g.Web, Android: g.Android, IOS: g.IOS}, Active: g.Active, Sort: g.Sort}
}

func (s *Server) operatorGames(w http.ResponseWriter, r *http.Request) {
	games, err := s.wallet.Games(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]operatorGameJSON, len(games))
	for i, g := range games {
		out[i] = toOperatorGame(g)
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": out})
}

type gameRequest struct {
	Name         string          `json:"name" validate:"required,max=100"`
	Logo         string          `json:"logo" validate:"required"`
	Background   string          `json:"background" validate:"required"`
	Category     wallet.Category `json:"category" validate:"required"`
	FtWalletSlot float64         `json:"ftWalletSlot"`
	Web          *string         `json:"web"`
	Android      *string         `json:"android"`
	IOS          *string         `json:"ios"`
	Active       bool            `json:"active"`
	Sort         int             `json:"sort"`
}

func (s *Server) putGame(w http.ResponseWriter, r *http.Request) {
	var req gameRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	code := r.PathValue("code")
	before, err := s.wallet.Game(r.Context(), code)
	if err != nil {
		writeError(w, r, err)
		return
	}
	g, err := s.wallet.UpdateGame(r.Context(), wallet.Game{Code: code, Name: req.Name, Logo: req.Logo, Background: req.Background,
		Category: req.Category, FtWalletSlot: req.FtWalletSlot, Web: req.Web, Android: req.Android, IOS: req.IOS,
		Active: req.Active, Sort: req.Sort})
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.before, n.after = gameAudit(before), gameAudit(g)
	writeJSON(w, http.StatusOK, map[string]any{"game": toOperatorGame(g)})
}

// gameAudit is a game for the audit log: inline pictures are left out.
func gameAudit(g wallet.Game) operatorGameJSON {
	j := toOperatorGame(g)
	if len(j.Logo) > 300 {
		j.Logo = j.Logo[:300] + "…"
	}
	if len(j.Background) > 300 {
		j.Background = j.Background[:300] + "…"
	}
	return j
}

type operatorBankJSON struct {
	Code        string `json:"code"`
	NameTH      string `json:"nameTH"`
	NameEN      string `json:"nameEN"`
	EnglishOnly bool   `json:"englishOnly"`
	Active      bool   `json:"active"`
	Sort        int    `json:"sort"`
}

func toOperatorBank(b settings.Bank) operatorBankJSON {
	return operatorBankJSON{Code: b.Code, NameTH: b.NameTH, NameEN: b.NameEN, EnglishOnly: b.EnglishOnly, Active: b.Active, Sort: b.Sort}
}

// operatorBanks lists every bank of the deployment's country, inactive
// ones included.
func (s *Server) operatorBanks(w http.ResponseWriter, r *http.Request) {
	banks, err := s.settings.OperatorBanks(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]operatorBankJSON, len(banks))
	for i, b := range banks {
		out[i] = toOperatorBank(b)
	}
	writeJSON(w, http.StatusOK, map[string]any{"banks": out})
}

// bankRequest has pointers so that a missing flag is refused rather than
// read as false.
type bankRequest struct {
	EnglishOnly *bool `json:"englishOnly" validate:"required"`
	Active      *bool `json:"active" validate:"required"`
	Sort        *int  `json:"sort" validate:"required,min=0"`
}

// putBank changes a bank's flags {englishOnly, active, sort}.
func (s *Server) putBank(w http.ResponseWriter, r *http.Request) {
	var req bankRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	code := r.PathValue("code")
	before, err := s.settings.DirectoryBank(r.Context(), code)
	if err != nil {
		writeError(w, r, err)
		return
	}
	b, err := s.settings.UpdateBank(r.Context(), code, settings.BankFlags{EnglishOnly: *req.EnglishOnly, Active: *req.Active, Sort: *req.Sort})
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.before, n.after = toOperatorBank(before), toOperatorBank(b)
	writeJSON(w, http.StatusOK, map[string]any{"bank": toOperatorBank(b)})
}
