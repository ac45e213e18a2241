package account

import (
	"context"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"ngern/core/errs"
	"ngern/core/limits"
)

// Registration is the registration payload of spec part 3.
type Registration struct {
	Name            string `json:"name"`
	Username        string `json:"username"` // the phone number
	Password        string `json:"password"`
	SourceCode      string `json:"sourceCode"`
	InviteCode      string `json:"inviteCode"`
	BankCode        string `json:"bankCode"`
	BankAccountName string `json:"bankAccountName"`
	BankAccountNo   string `json:"bankAccountNo"`
	Currency        string `json:"currency"`
	// OTPToken is the token of the OTP that verified the phone (a Ngern
	// addition): with registration OTP on, only its holder may register.
	OTPToken string `json:"otpToken"`
}

var (
	digitsOnly  = regexp.MustCompile(`^[0-9]+$`)
	englishName = regexp.MustCompile(`^[A-Z ]+$`)
	spaceRuns   = regexp.MustCompile(`\s+`)
)

// normalizePhone trims a phone number and checks the length rule: exactly 10
// digits outside Laos mode; digits only (6 to 15) in Laos mode. A refusal
// names field, the request's name for the phone.
func (s *Service) normalizePhone(phone, field string) (string, error) {
	phone = strings.TrimSpace(phone)
	if phone == "" {
		return "", errs.OnField(errs.InvalidUserInfo, field)
	}
	if s.cfg.Laos {
		if !digitsOnly.MatchString(phone) || len(phone) < 6 || len(phone) > 15 {
			return "", errs.OnField(errs.InvalidUserInfo, field)
		}
		return phone, nil
	}
	if len(phone) != 10 || !digitsOnly.MatchString(phone) {
		return "", errs.OnField(errs.PhoneRequire10Digit, field)
	}
	return phone, nil
}

// NormalizeAccountName upper-cases a bank account name and folds spaces.
func NormalizeAccountName(name string) string {
	return strings.ToUpper(strings.TrimSpace(spaceRuns.ReplaceAllString(name, " ")))
}

// invisibleFillers are letters and symbols that show nothing.
var invisibleFillers = map[rune]bool{
	'\u115F': true, '\u1160': true, '\u3164': true, '\uFFA0': true, // Hangul fillers
	'\u2800': true, // Braille blank
}

// visible reports whether a name shows anything: one made only of spaces,
// zero-width and format characters, combining marks and fillers is refused.
func visible(s string) bool {
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Mn, unicode.Me) || invisibleFillers[r] {
			continue
		}
		return true
	}
	return false
}

// checkPassword applies the length rule of the quality bars: a password
// under limits.PasswordMin answers PASSWORD_TOO_SHORT, whose text names
// the minimum; one over MaxPasswordLen INVALID_USER_INFO.
func checkPassword(pw string) error {
	n := utf8.RuneCountInString(pw)
	if n < limits.PasswordMin {
		return errs.Newf(errs.PasswordTooShort, "at least %d characters", limits.PasswordMin)
	}
	if n > MaxPasswordLen {
		return errs.Newf(errs.InvalidUserInfo, "at most %d characters", MaxPasswordLen)
	}
	return nil
}

// checkBankName validates a bank account holder name for bank. registered
// is true for the member's own, already registered bank, which may since
// have been switched off by an operator (its rules still apply).
func (s *Service) checkBankName(ctx context.Context, bankCode, name string, registered bool) (string, error) {
	lookup := s.banks.Bank
	if registered {
		lookup = s.banks.DirectoryBank
	}
	bank, err := lookup(ctx, bankCode)
	if err != nil {
		if c := errs.CodeOf(err); c == errs.InvalidBank || c == errs.NotFoundCode {
			return "", errs.OnField(errs.InvalidBank, "bankCode")
		}
		return "", err
	}
	name = NormalizeAccountName(name)
	if name == "" || utf8.RuneCountInString(name) > 100 {
		return "", errs.OnField(errs.InvalidUserInfo, "bankAccountName")
	}
	if !visible(name) {
		return "", errs.OnField(errs.InvalidCharacters, "bankAccountName")
	}
	if bank.EnglishOnly && !englishName.MatchString(name) {
		return "", errs.OnField(errs.BankAccountNameEng, "bankAccountName")
	}
	return name, nil
}

// Validate checks a registration as the register screen's profile step does:
// phone, name and password always; bank fields and currency when full, or
// when a bank code is given. It also reports a phone or bank account that is
// already registered, so it counts as a phone look-up of the caller at ip
// (REQUEST_LIMIT past the limit; operator tools pass no ip and are not
// limited). It changes nothing.
func (s *Service) Validate(ctx context.Context, r Registration, full bool, ip string) (Registration, error) {
	phone, err := s.normalizePhone(r.Username, "username")
	if err != nil {
		return r, err
	}
	if ip != operatorTool {
		if err := s.hit(ctx, s.lookupLimit(ip)); err != nil {
			return r, err
		}
	}
	r.Username = phone
	r.Name = strings.TrimSpace(spaceRuns.ReplaceAllString(r.Name, " "))
	if r.Name == "" || utf8.RuneCountInString(r.Name) > 100 {
		return r, errs.OnField(errs.InvalidUserInfo, "name")
	}
	if !visible(r.Name) {
		return r, errs.OnField(errs.InvalidCharacters, "name")
	}
	if err := checkPassword(r.Password); err != nil {
		err.(*errs.Error).Field = "password"
		return r, err
	}
	r.SourceCode = strings.TrimSpace(r.SourceCode)
	if r.SourceCode != "" {
		ok, err := s.banks.SourceExists(ctx, r.SourceCode)
		if err != nil {
			return r, err
		}
		if !ok {
			return r, errs.OnField(errs.InvalidUserInfo, "sourceCode")
		}
	}
	r.InviteCode = strings.TrimSpace(r.InviteCode)
	if len(r.InviteCode) > limits.CodeMax {
		return r, errs.OnField(errs.InvalidUserInfo, "inviteCode")
	}
	taken, err := s.store.PhoneTaken(ctx, phone)
	if err != nil {
		return r, err
	}
	if taken {
		return r, errs.OnField(errs.ExistingUser, "username")
	}
	// The register screen validates before its bank step: bank fields are
	// checked once an account number is given, and always on registration.
	if !full && r.BankAccountNo == "" {
		return r, nil
	}
	if r.BankCode == "" {
		return r, errs.OnField(errs.InvalidUserInfo, "bankCode")
	}
	r.BankAccountNo = strings.ReplaceAll(strings.TrimSpace(r.BankAccountNo), "-", "")
	if !digitsOnly.MatchString(r.BankAccountNo) || len(r.BankAccountNo) < 6 || len(r.BankAccountNo) > 20 {
		return r, errs.OnField(errs.InvalidUserInfo, "bankAccountNo")
	}
	if r.BankAccountName, err = s.checkBankName(ctx, r.BankCode, r.BankAccountName, false); err != nil {
		return r, err
	}
	if r.Currency, err = s.currency(r.Currency); err != nil {
		return r, err
	}
	taken, err = s.store.BankAccountTaken(ctx, r.BankCode, r.BankAccountNo)
	if err != nil {
		return r, err
	}
	if taken {
		return r, errs.OnField(errs.ExistingBank, "bankAccountNo")
	}
	return r, nil
}

// currency applies the currency rule: BAHT only outside Laos mode; LAK
// (default) or BAHT in Laos mode.
func (s *Service) currency(c string) (string, error) {
	c = strings.ToUpper(strings.TrimSpace(c))
	if !s.cfg.Laos {
		if c == "" || c == "BAHT" || c == "THB" {
			return "BAHT", nil
		}
		return "", errs.OnField(errs.InvalidUserInfo, "currency")
	}
	switch c {
	case "":
		return "LAK", nil
	case "LAK", "BAHT":
		return c, nil
	}
	return "", errs.OnField(errs.InvalidUserInfo, "currency")
}

// Register creates a member for a caller at ip. When registration OTP is
// on, r.OTPToken must be the token of an OTP that verified the phone within
// the verified window (UNVERIFIED_OTP); that OTP is consumed by the
// registration.
func (s *Service) Register(ctx context.Context, r Registration, ip string) (*Member, error) {
	return s.register(ctx, r, s.cfg.RegisterOTP, ip)
}

// RegisterWithoutOTP creates a member under the same rules as Register but
// without the OTP step, for operator tools (ngern demo).
func (s *Service) RegisterWithoutOTP(ctx context.Context, r Registration) (*Member, error) {
	return s.register(ctx, r, false, operatorTool)
}

// operatorTool is the caller address of the operator's own tools, which are
// not rate-limited.
const operatorTool = ""

func (s *Service) register(ctx context.Context, r Registration, requireOTP bool, ip string) (*Member, error) {
	r, err := s.Validate(ctx, r, true, ip)
	if err != nil {
		return nil, err
	}
	var otpID string
	if requireOTP {
		otp, err := s.verifiedOTP(ctx, r.Username, r.OTPToken)
		if err != nil {
			return nil, err
		}
		otpID = otp.ID
	}
	hash, err := s.hasher.Hash(r.Password)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	m := &Member{
		ID: NewID(), Phone: r.Username, Name: r.Name, PasswordHash: hash,
		SourceCode: r.SourceCode, InviteCode: r.InviteCode,
		BankCode: r.BankCode, BankAccountName: r.BankAccountName, BankAccountNo: r.BankAccountNo,
		Currency: r.Currency, Active: true, CreatedAt: now, UpdatedAt: now,
	}
	// A code that names no member is kept as typed but links nobody.
	if v, ok := parseInvite(r.InviteCode); ok {
		m.InviteCode = v.normal()
		inviter, err := s.resolveInviter(ctx, v)
		if err != nil {
			return nil, err
		}
		if inviter != nil {
			m.InvitedBy = &inviter.ID
		}
	}
	if err := s.createWithCode(ctx, m, otpID); err != nil {
		return nil, err
	}
	return m, nil
}
