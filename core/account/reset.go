package account

import (
	"context"
	"crypto/subtle"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"ngern/core/errs"
)

// Password reset by a code sent to the registered phone. Its limits have
// keys of their own ("reset…"): nobody can use them to lock a member out of
// signing in, nor the sign-in limits to stop a reset.
const (
	resetSendGap     = time.Minute // one code a minute per phone
	resetSendPerAddr = 3           // codes per (phone, address) an hour
	resetSendPerHour = 5           // codes per phone an hour, from all addresses
	resetSendTimeout = time.Minute // the background send gives up after this
)

// SendResetOTP starts a password reset of phone. It answers the same,
// after the same work, whether or not phone is a member's: the member is
// looked up, the code stored and the SMS sent in the background, so that
// neither the answer nor its timing (a slow SMS provider) tells which
// phones are registered. The otpToken answered goes with the code to
// ResetPassword; a locked member or an unknown phone gets no SMS.
func (s *Service) SendResetOTP(ctx context.Context, phone, ip string) (OTPSent, error) {
	phone, err := s.normalizePhone(phone, "phone")
	if err != nil {
		return OTPSent{}, err
	}
	if err := s.hit(ctx,
		limit{"reset-otp:ip:" + ip, s.cfg.OTPPerIP, time.Hour},
		limit{"reset-otp:gap:" + phone, 1, resetSendGap},
		limit{"reset-otp:addr:" + phone + "|" + ip, resetSendPerAddr, time.Hour},
		limit{"reset-otp:phone:" + phone, resetSendPerHour, time.Hour},
	); err != nil {
		return OTPSent{}, err
	}
	token, code := NewToken(), randomDigits(6)
	now := s.now().UTC()
	o := &OTP{
		ID: NewID(), Phone: phone, Ref: randomFrom("ABCDEFGHJKLMNPQRSTUVWXYZ", 4),
		TokenHash: resetTokenHash(token), CodeHash: resetCodeHash(token, code),
		ExpiresAt: now.Add(s.cfg.OTPTTL), CreatedAt: now,
	}
	s.background.Add(1)
	go func() {
		defer s.background.Done()
		bg, cancel := context.WithTimeout(context.WithoutCancel(ctx), resetSendTimeout)
		defer cancel()
		if err := s.sendReset(bg, o, code); err != nil {
			s.log().WarnContext(bg, "password reset code not sent", "ref", o.Ref, "err", err)
		}
	}()
	return OTPSent{OTPRef: o.Ref, OTPToken: token, Code: codeSent}, nil
}

// sendReset stores o and texts its code when o.Phone is an active member's.
func (s *Service) sendReset(ctx context.Context, o *OTP, code string) error {
	m, err := s.store.MemberByPhone(ctx, o.Phone)
	if errs.HasCode(err, errs.NoUser) {
		return nil
	}
	if err != nil {
		return err
	}
	if !m.Active {
		return nil
	}
	if err := s.store.CreateOTP(ctx, o); err != nil {
		return err
	}
	text := fmt.Sprintf("Ngern: your password reset code is %s (ref %s). It expires in %d minutes. Never share it.",
		code, o.Ref, int(s.cfg.OTPTTL.Minutes()))
	return s.sms.Send(ctx, o.Phone, text)
}

// PasswordReset is a reset request: the phone, the token and code of
// SendResetOTP and the new password.
type PasswordReset struct {
	Phone    string
	OTPToken string
	Code     string
	Password string
}

// ResetPassword sets a new password with a reset code and revokes every
// session of the member. The password minimum is checked first; then each
// try counts against the reset limits of the phone from the address (with
// the sign-in back-off, under reset keys) and against the token's
// OTPMaxAttempts, before the code is compared. An unknown phone's token
// answers like a wrong code. A locked member answers INACTIVE_USER once the
// code is right.
func (s *Service) ResetPassword(ctx context.Context, r PasswordReset, ip string) error {
	if err := checkPassword(r.Password); err != nil {
		err.(*errs.Error).Field = "password"
		return err
	}
	phone, err := s.normalizePhone(r.Phone, "phone")
	if err != nil {
		return err
	}
	if r.OTPToken == "" || len(r.OTPToken) > 100 {
		return errs.OnField(errs.OTPTokenInvalid, "otpToken")
	}
	if err := CheckSignIn(ctx, s.limiter, "reset", phone, ip, s.cfg.LoginPerPhone); err != nil {
		return err
	}
	th := resetTokenHash(r.OTPToken)
	// The token's tries are counted by the limiter, not on the stored OTP,
	// so that a token of an unknown phone (no OTP stored) blocks alike.
	if ok, _, err := s.limiter.Hit(ctx, "reset:try:"+th, s.cfg.OTPMaxAttempts, s.cfg.OTPTTL); err != nil {
		return err
	} else if !ok {
		return errs.New(errs.OTPBlock)
	}
	o, err := s.store.OTPByTokenHash(ctx, th)
	if errs.HasCode(err, errs.OTPTokenInvalid) {
		return errs.OnField(errs.OTPCodeInvalid, "code")
	}
	if err != nil {
		return err
	}
	if o.ConsumedAt != nil || o.Phone != phone {
		return errs.OnField(errs.OTPCodeInvalid, "code")
	}
	want := resetCodeHash(r.OTPToken, strings.TrimSpace(r.Code))
	if subtle.ConstantTimeCompare([]byte(want), []byte(o.CodeHash)) != 1 {
		return errs.OnField(errs.OTPCodeInvalid, "code")
	}
	if !s.now().Before(o.ExpiresAt) {
		return errs.New(errs.OTPExpired)
	}
	m, err := s.store.MemberByPhone(ctx, phone)
	if err != nil {
		return err
	}
	if !m.Active {
		return errs.New(errs.InactiveUser)
	}
	hash, err := s.hasher.Hash(r.Password)
	if err != nil {
		return err
	}
	if err := s.store.ResetPassword(ctx, m.ID, o.ID, hash, s.now().UTC()); err != nil {
		return err
	}
	return s.forget(ctx, sessionDrop{MemberID: m.ID})
}

// UseLog sets the logger of the background sends (default: slog's).
func (s *Service) UseLog(l *slog.Logger) { s.logger = l }

func (s *Service) log() *slog.Logger {
	if s.logger == nil {
		return slog.Default()
	}
	return s.logger
}

// WaitBackground waits for the reset codes being sent (tests, shutdown).
func (s *Service) WaitBackground() { s.background.Wait() }

// A reset OTP is stored under hashes of its own, so that a registration
// token cannot be presented for a reset nor a reset token for registering.
func resetTokenHash(token string) string { return HashToken("reset:" + token) }

func resetCodeHash(token, code string) string { return HashToken("reset:" + token + ":" + code) }
