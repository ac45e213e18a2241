package chat

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"

	"ngern/core/errs"
)

// guestIDPrefix starts every guest id, so that a room tells a guest from a
// member (member ids are hexadecimal).
const guestIDPrefix = "g"

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return hex.EncodeToString(b)
}

func newSecret() string {
	b := make([]byte, 32) // 256 bits
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashSecret returns the stored form of a guest token or a ticket.
func HashSecret(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// NewGuest creates a guest and returns it with its token, which is shown
// once. New guests are limited per client address.
func (s *Service) NewGuest(ctx context.Context, clientIP string) (*Guest, string, error) {
	if err := s.limit(ctx, "chat:guest:"+clientIP, s.cfg.GuestLimit, s.cfg.GuestWindow); err != nil {
		return nil, "", err
	}
	token := newSecret()
	g := &Guest{ID: guestIDPrefix + randomHex(12), TokenHash: HashSecret(token), CreatedAt: s.now().UTC()}
	if err := s.store.CreateGuest(ctx, g); err != nil {
		return nil, "", err
	}
	return g, token, nil
}

// Guest resolves a guest token (GUEST_TOKEN_INVALID when unknown or when the
// guest was attached to a member).
func (s *Service) Guest(ctx context.Context, token string) (Who, error) {
	if token == "" || len(token) > 100 {
		return Who{}, errs.New(errs.GuestTokenInvalid)
	}
	g, err := s.store.GuestByTokenHash(ctx, HashSecret(token))
	if errs.HasCode(err, errs.NoData) || (err == nil && g.MemberID != "") {
		return Who{}, errs.New(errs.GuestTokenInvalid)
	}
	if err != nil {
		return Who{}, err
	}
	return Who{Kind: KindGuest, ID: g.ID}, nil
}

// AttachGuest gives a member the conversation they had as a guest: its
// messages move to the member's room and the guest token stops working.
// A token that is unknown or already attached changes nothing.
func (s *Service) AttachGuest(ctx context.Context, memberID, guestToken string) error {
	g, err := s.Guest(ctx, guestToken)
	if err != nil {
		return err
	}
	return s.store.AttachGuest(ctx, g.ID, memberID, s.Room(g), s.Room(Who{Kind: KindMember, ID: memberID}))
}

// wasGuestOf reports whether room is the room of a guest attached to the
// member w.
func (s *Service) wasGuestOf(ctx context.Context, w Who, room string) (bool, error) {
	id, ok := strings.CutPrefix(room, s.cfg.Prefix+"-")
	if w.Kind != KindMember || w.ID == "" || !ok || !strings.HasPrefix(id, guestIDPrefix) {
		return false, nil
	}
	g, err := s.store.GuestByID(ctx, id)
	if errs.HasCode(err, errs.NoData) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return g.MemberID == w.ID, nil
}
