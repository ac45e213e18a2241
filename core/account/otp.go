package account

import (
	"context"
	"crypto/subtle"
	"fmt"
	"time"

	"ngern/core/errs"
)

// OTPSent is the answer to an OTP send.
type OTPSent struct {
	OTPRef   string `json:"otpRef"`
	OTPToken string `json:"otpToken"`
	Code     string `json:"code"` // OTP_SENT, or OTP_VERIFIED when the phone is verified already
}

// OTP send limits.
const (
	otpPhoneGap     = time.Minute
	otpPhonePerHour = 5
	otpIPPerHour    = 20
	codeSent        = "OTP_SENT"
)

// SendOTP sends a registration code to phone. A phone verified within the
// verified window answers OTP_VERIFIED without sending.
func (s *Service) SendOTP(ctx context.Context, phone, ip string) (OTPSent, error) {
	phone, err := s.NormalizePhone(phone)
	if err != nil {
		return OTPSent{}, err
	}
	if taken, err := s.store.PhoneTaken(ctx, phone); err != nil {
		return OTPSent{}, err
	} else if taken {
		return OTPSent{}, errs.OnField(errs.ExistingUser, "phoneNumber")
	}
	if v, err := s.store.VerifiedOTP(ctx, phone, s.now().Add(-s.cfg.OTPVerifiedTTL)); err != nil {
		return OTPSent{}, err
	} else if v != nil {
		return OTPSent{OTPRef: v.Ref, Code: string(errs.OTPVerified)}, nil
	}
	for _, l := range []struct {
		key    string
		limit  int
		window time.Duration
	}{
		{"otp:ip:" + ip, otpIPPerHour, time.Hour},
		{"otp:phone-gap:" + phone, 1, otpPhoneGap},
		{"otp:phone:" + phone, otpPhonePerHour, time.Hour},
	} {
		ok, retry, err := s.limiter.Hit(ctx, l.key, l.limit, l.window)
		if err != nil {
			return OTPSent{}, err
		}
		if !ok {
			return OTPSent{}, errs.Limited(errs.RequestLimit, retry)
		}
	}
	token, code := NewToken(), randomDigits(6)
	now := s.now().UTC()
	o := &OTP{
		ID: NewID(), Phone: phone, Ref: randomFrom("ABCDEFGHJKLMNPQRSTUVWXYZ", 4),
		TokenHash: HashToken(token), CodeHash: HashToken(token + ":" + code),
		ExpiresAt: now.Add(s.cfg.OTPTTL), CreatedAt: now,
	}
	if err := s.store.CreateOTP(ctx, o); err != nil {
		return OTPSent{}, err
	}
	text := fmt.Sprintf("Ngern: your code is %s (ref %s). It expires in %d minutes. Never share it.", code, o.Ref, int(s.cfg.OTPTTL.Minutes()))
	if err := s.sms.Send(ctx, phone, text); err != nil {
		return OTPSent{}, errs.Newf(errs.OTPSendFail, "the message could not be sent")
	}
	return OTPSent{OTPRef: o.Ref, OTPToken: token, Code: codeSent}, nil
}

// VerifyOTP checks code against the OTP of token. Wrong codes count; after
// the maximum the OTP is blocked (OTP_BLOCK). Verifying a verified OTP again
// succeeds.
func (s *Service) VerifyOTP(ctx context.Context, token, code string) error {
	if token == "" {
		return errs.OnField(errs.OTPTokenInvalid, "otpToken")
	}
	o, err := s.store.OTPByTokenHash(ctx, HashToken(token))
	if err != nil {
		return err
	}
	if o.ConsumedAt != nil {
		return errs.New(errs.OTPTokenInvalid)
	}
	if o.VerifiedAt != nil {
		return nil
	}
	// Every try is counted before the code is compared, so that parallel
	// guesses cannot outrun the attempt limit.
	counted, err := s.store.CountOTPAttempt(ctx, o.ID, s.cfg.OTPMaxAttempts)
	if err != nil {
		return err
	}
	if !counted {
		return errs.New(errs.OTPBlock)
	}
	if !s.now().Before(o.ExpiresAt) {
		return errs.New(errs.OTPExpired)
	}
	want := HashToken(token + ":" + code)
	if len(code) != 6 || subtle.ConstantTimeCompare([]byte(want), []byte(o.CodeHash)) != 1 {
		if o.Attempts+1 >= s.cfg.OTPMaxAttempts {
			return errs.New(errs.OTPBlock)
		}
		return errs.OnField(errs.OTPCodeInvalid, "otpCode")
	}
	return s.store.MarkOTPVerified(ctx, o.ID, s.now().UTC())
}
