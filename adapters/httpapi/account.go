package httpapi

import (
	"net/http"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
)

type otpSendRequest struct {
	PhoneNumber string `json:"phoneNumber" validate:"required,max=20"`
	// OTPToken is the token of an earlier send (a Ngern addition): its
	// holder, once verified, is answered OTP_VERIFIED.
	OTPToken string `json:"otpToken" validate:"max=100"`
}

func (s *Server) otpSend(w http.ResponseWriter, r *http.Request) {
	var req otpSendRequest
	if err := s.decode(r, &req, errs.InvalidUserInfo); err != nil {
		writeError(w, r, err)
		return
	}
	sent, err := s.accounts.SendOTP(r.Context(), req.PhoneNumber, req.OTPToken, s.clientIP(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sent)
}

type otpVerifyRequest struct {
	OTPToken string `json:"otpToken" validate:"required,max=100"`
	OTPCode  string `json:"otpCode" validate:"required,max=10"`
}

func (s *Server) otpVerify(w http.ResponseWriter, r *http.Request) {
	var req otpVerifyRequest
	if err := s.decode(r, &req, errs.OTPCodeInvalid); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.accounts.VerifyOTP(r.Context(), req.OTPToken, req.OTPCode); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]errs.Code{"code": errs.OTPCodeValid})
}

// registration is the registration payload with size bounds; the rules of
// spec part 5 are the account service's.
type registration struct {
	Name            string `json:"name" validate:"max=200"`
	Username        string `json:"username" validate:"max=20"`
	Password        string `json:"password" validate:"max=512"`
	SourceCode      string `json:"sourceCode"`
	InviteCode      string `json:"inviteCode"`
	BankCode        string `json:"bankCode" validate:"max=20"`
	BankAccountName string `json:"bankAccountName" validate:"max=200"`
	BankAccountNo   string `json:"bankAccountNo" validate:"max=30"`
	Currency        string `json:"currency" validate:"max=10"`
	OTPToken        string `json:"otpToken" validate:"max=100"`
}

func (r registration) core() account.Registration { return account.Registration(r) }

func (s *Server) validateAccount(w http.ResponseWriter, r *http.Request) {
	var req registration
	if err := s.decode(r, &req, errs.InvalidUserInfo); err != nil {
		writeError(w, r, err)
		return
	}
	if _, err := s.accounts.Validate(r.Context(), req.core(), false, s.clientIP(r)); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]errs.Code{"message": errs.OK})
}

func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	var req registration
	if err := s.decode(r, &req, errs.InvalidUserInfo); err != nil {
		writeError(w, r, err)
		return
	}
	m, err := s.accounts.Register(r.Context(), req.core(), s.clientIP(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	logger(r.Context()).InfoContext(r.Context(), "member registered", "new_member_id", m.ID)
	writeJSON(w, http.StatusCreated, map[string]any{"message": errs.Success, "_id": m.ID})
}

type loginRequest struct {
	Username string `json:"username" validate:"required,max=20"`
	Password string `json:"password" validate:"required,max=512"`
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	var req loginRequest
	if err := s.decode(r, &req, errs.WrongCredential); err != nil {
		writeError(w, r, err)
		return
	}
	token, err := s.accounts.Login(r.Context(), req.Username, req.Password, s.clientIP(r), r.UserAgent())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"token": token})
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if err := s.accounts.Logout(r.Context(), Caller(r)); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]errs.Code{"message": errs.Success})
}

// profileResponse is the profile of spec part 3.
type profileResponse struct {
	Profile     profileJSON     `json:"profile"`
	BankAccount bankAccountJSON `json:"bankAccount"`
}

type profileJSON struct {
	ID        string    `json:"_id"`
	Code      string    `json:"memberCode"` // the short code players see; _id stays for the app's own use
	Name      string    `json:"name"`
	Username  string    `json:"username"`
	CreatedAt time.Time `json:"createdAt"`
	Coin      int64     `json:"coin"`
}

type bankAccountJSON struct {
	BankCode        string   `json:"bankCode"`
	BankAccountName string   `json:"bankAccountName"`
	BankAccountNo   string   `json:"bankAccountNo"`
	Currency        string   `json:"currency"`
	Bank            bankJSON `json:"bank"`
}

type bankJSON struct {
	Code   string `json:"code"`
	NameTH string `json:"nameTH"`
	NameEN string `json:"nameEN"`
}

func toProfile(p *account.Profile) profileResponse {
	m := p.Member
	return profileResponse{
		Profile: profileJSON{ID: m.ID, Code: m.Code, Name: m.Name, Username: m.Phone, CreatedAt: m.CreatedAt.UTC(), Coin: m.Coin},
		BankAccount: bankAccountJSON{BankCode: m.BankCode, BankAccountName: m.BankAccountName, BankAccountNo: m.BankAccountNo,
			Currency: m.Currency, Bank: bankJSON{Code: p.Bank.Code, NameTH: p.Bank.NameTH, NameEN: p.Bank.NameEN}},
	}
}

func (s *Server) profile(w http.ResponseWriter, r *http.Request) {
	p, err := s.accounts.Profile(r.Context(), Caller(r).MemberID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toProfile(p))
}

type profileUpdate struct {
	Name            string `json:"name" validate:"required,max=200"`
	BankCode        string `json:"bankCode" validate:"max=20"`
	BankAccountName string `json:"bankAccountName" validate:"max=200"`
	BankAccountNo   string `json:"bankAccountNo" validate:"max=30"`
}

func (s *Server) updateProfile(w http.ResponseWriter, r *http.Request) {
	var req profileUpdate
	if err := s.decode(r, &req, errs.InvalidUserInfo); err != nil {
		writeError(w, r, err)
		return
	}
	p, err := s.accounts.UpdateProfile(r.Context(), Caller(r).MemberID, account.ProfileUpdate(req))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toProfile(p))
}

type bankNameUpdate struct {
	BankCode        string `json:"bankCode" validate:"max=20"`
	BankAccountName string `json:"bankAccountName" validate:"required,max=200"`
}

func (s *Server) updateBankAccountName(w http.ResponseWriter, r *http.Request) {
	var req bankNameUpdate
	if err := s.decode(r, &req, errs.InvalidUserInfo); err != nil {
		writeError(w, r, err)
		return
	}
	p, err := s.accounts.UpdateBankAccountName(r.Context(), Caller(r).MemberID, req.BankCode, req.BankAccountName)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toProfile(p))
}

type passwordChange struct {
	OldPassword string `json:"oldPassword" validate:"required,max=512"`
	NewPassword string `json:"newPassword" validate:"required,max=512"`
}

func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) {
	var req passwordChange
	if err := s.decode(r, &req, errs.InvalidUserInfo); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.accounts.ChangePassword(r.Context(), Caller(r), req.OldPassword, req.NewPassword, s.clientIP(r)); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]errs.Code{"message": errs.Success})
}

type resetOTPRequest struct {
	Phone string `json:"phone" validate:"required,max=20"`
}

// resetOTP answers alike for registered and unknown phones (the code goes
// out in the background).
func (s *Server) resetOTP(w http.ResponseWriter, r *http.Request) {
	var req resetOTPRequest
	if err := s.decode(r, &req, errs.InvalidUserInfo); err != nil {
		writeError(w, r, err)
		return
	}
	sent, err := s.accounts.SendResetOTP(r.Context(), req.Phone, s.clientIP(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sent)
}

type passwordReset struct {
	Phone    string `json:"phone" validate:"required,max=20"`
	OTPToken string `json:"otpToken" validate:"required,max=100"`
	Code     string `json:"code" validate:"required,max=10"`
	Password string `json:"password" validate:"required,max=512"`
}

func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) {
	var req passwordReset
	if err := s.decode(r, &req, errs.InvalidUserInfo); err != nil {
		writeError(w, r, err)
		return
	}
	err := s.accounts.ResetPassword(r.Context(), account.PasswordReset(req), s.clientIP(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]errs.Code{"message": errs.Success})
}
