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
	codeSent        = "OTP_SENT"
)

// Phone look-ups (an answer that tells whether a phone is registered) are
// limited per IP (Config.LookupPerIP), so that the registered phones cannot
// be listed.
const lookupWindow = time.Hour

// hit counts one event for each limit and answers REQUEST_LIMIT when one
// is exceeded.
func (s *Service) hit(ctx context.Context, limits ...limit) error {
	for _, l := range limits {
		ok, retry, err := s.limiter.Hit(ctx, l.key, l.limit, l.window)
		if err != nil {
			return err
		}
		if !ok {
			return errs.Limited(errs.RequestLimit, retry)
		}
	}
	return nil
}

type limit struct {
	key    string
	limit  int
	window time.Duration
}

// lookupLimit is the per-IP limit of phone look-ups.
func (s *Service) lookupLimit(ip string) limit {
	return limit{"lookup:ip:" + ip, s.cfg.LookupPerIP, lookupWindow}
}

// SendOTP sends a registration code to phone. The per-IP limits run before
// anything is looked up. A caller presenting the otpToken with which it
// verified this phone, within the verified window, is answered OTP_VERIFIED
// without sending; nobody else learns that the phone was verified: they get
// a code of their own, which the owner's verification does not stand for.
func (s *Service) SendOTP(ctx context.Context, phone, otpToken, ip string) (OTPSent, error) {
	phone, err := s.normalizePhone(phone, "phoneNumber")
	if err != nil {
		return OTPSent{}, err
	}
	if err := s.hit(ctx, limit{"otp:ip:" + ip, s.cfg.OTPPerIP, time.Hour}, s.lookupLimit(ip)); err != nil {
		return OTPSent{}, err
	}
	if otpToken != "" {
		if o, err := s.verifiedOTP(ctx, phone, otpToken); err == nil {
			return OTPSent{OTPRef: o.Ref, OTPToken: otpToken, Code: string(errs.OTPVerified)}, nil
		} else if errs.As(err) == nil {
			return OTPSent{}, err
		}
	}
	if taken, err := s.store.PhoneTaken(ctx, phone); err != nil {
		return OTPSent{}, err
	} else if taken {
		return OTPSent{}, errs.OnField(errs.ExistingUser, "phoneNumber")
	}
	if err := s.hit(ctx, limit{"otp:phone-gap:" + phone, 1, otpPhoneGap}, limit{"otp:phone:" + phone, otpPhonePerHour, time.Hour}); err != nil {
		return OTPSent{}, err
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

// verifiedOTP returns the OTP of token when it verified phone within the
// verified window and was not used by a registration; otherwise
// UNVERIFIED_OTP.
func (s *Service) verifiedOTP(ctx context.Context, phone, token string) (*OTP, error) {
	if token == "" || len(token) > 100 {
		return nil, errs.OnField(errs.UnverifiedOTP, "otpToken")
	}
	o, err := s.store.OTPByTokenHash(ctx, HashToken(token))
	if errs.HasCode(err, errs.OTPTokenInvalid) {
		return nil, errs.OnField(errs.UnverifiedOTP, "otpToken")
	}
	if err != nil {
		return nil, err
	}
	if o.Phone != phone || o.VerifiedAt == nil || o.ConsumedAt != nil || o.VerifiedAt.Before(s.now().Add(-s.cfg.OTPVerifiedTTL)) {
		return nil, errs.OnField(errs.UnverifiedOTP, "otpToken")
	}
	return o, nil
}
