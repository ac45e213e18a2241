package account

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"ngern/core/errs"
)

// codeAlphabet is the member code's alphabet: digits and capitals without
// 0, O, 1, I and L, which players misread when they copy a code by hand.
const codeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// CodeLength is the member code's length: 31^8 (about 8.5e11) codes keep a
// random pick's collision rare for millions of members.
const CodeLength = 8

// codeTries bounds the new picks after a collision; reaching it means the
// store keeps refusing for another reason.
const codeTries = 5

// invitePrefix starts every invite code.
const invitePrefix = "PR"

// ErrCodeTaken is the store's answer when a member code is already used
// (the UNIQUE index decides, never a look-up first); the caller picks
// another.
var ErrCodeTaken = errors.New("member code taken")

var (
	memberCodeFormat = regexp.MustCompile(`^[` + codeAlphabet + `]{` + fmt.Sprint(CodeLength) + `}$`)
	// longInviteFormat is the first invite form, "PR" and the member id,
	// still in links shared before the short code.
	longInviteFormat = regexp.MustCompile(`^[0-9a-f]{24}$`)
)

// NewMemberCode returns a random member code.
func NewMemberCode() string { return randomFrom(codeAlphabet, CodeLength) }

// CodeOf writes n (below 31^CodeLength) as a member code: its base-31
// digits in the code's alphabet. Distinct numbers give distinct codes
// (the volume generator numbers its members this way).
func CodeOf(n uint64) string {
	b := make([]byte, CodeLength)
	for i := CodeLength - 1; i >= 0; i-- {
		b[i] = codeAlphabet[n%uint64(len(codeAlphabet))]
		n /= uint64(len(codeAlphabet))
	}
	return string(b)
}

// InviteCode is a member's invite code: "PR" and their member code.
func InviteCode(memberCode string) string { return invitePrefix + memberCode }

// inviter is what a typed or linked invite code names: a member code or,
// in the first form, a member id.
type inviter struct {
	code, id string
}

// parseInvite reads an invite code as a player types it: case, spaces and
// dashes do not matter. The short form never holds 0, O, 1, I or L; in the
// long hex form a typed O reads as 0 and I or L as 1. It reports false for
// a code of neither form.
func parseInvite(s string) (inviter, bool) {
	s = strings.ToUpper(strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimSpace(s)))
	if !strings.HasPrefix(s, invitePrefix) {
		return inviter{}, false
	}
	rest := s[len(invitePrefix):]
	if memberCodeFormat.MatchString(rest) {
		return inviter{code: rest}, true
	}
	hex := strings.ToLower(strings.NewReplacer("O", "0", "I", "1", "L", "1").Replace(rest))
	if longInviteFormat.MatchString(hex) {
		return inviter{id: hex}, true
	}
	return inviter{}, false
}

// normal is the invite code as stored on the invitee: the canonical form
// of what they typed.
func (v inviter) normal() string {
	if v.code != "" {
		return InviteCode(v.code)
	}
	return invitePrefix + v.id
}

// resolveInviter returns the member an invite code names (nil when it names
// no member: the code is kept as typed but links nobody).
func (s *Service) resolveInviter(ctx context.Context, v inviter) (*Member, error) {
	var m *Member
	var err error
	if v.code != "" {
		m, err = s.store.MemberByCode(ctx, v.code)
	} else {
		m, err = s.store.MemberByID(ctx, v.id)
	}
	if errs.HasCode(err, errs.NoUser) {
		return nil, nil
	}
	return m, err
}

// createWithCode stores m under a fresh member code, picking another when
// the pick is taken.
func (s *Service) createWithCode(ctx context.Context, m *Member, otpID string) error {
	for range codeTries {
		m.Code = NewMemberCode()
		if err := s.store.CreateMember(ctx, m, otpID); !errors.Is(err, ErrCodeTaken) {
			return err
		}
	}
	return fmt.Errorf("member code: %w after %d tries", ErrCodeTaken, codeTries)
}

// BackfillCodes gives a member code to every member registered before
// codes existed (migration 0026 leaves theirs empty). It runs when an
// install starts; with nothing left it costs one query.
func (s *Service) BackfillCodes(ctx context.Context) (int, error) {
	done, after := 0, ""
	for {
		// Past the last id seen: each batch starts where the previous ended
		// rather than scanning again the members it gave codes to.
		ids, err := s.store.MembersWithoutCode(ctx, after, 500)
		if err != nil || len(ids) == 0 {
			return done, err
		}
		for _, id := range ids {
			if err := s.setCode(ctx, id); err != nil {
				return done, err
			}
			done++
		}
		after = ids[len(ids)-1]
	}
}

func (s *Service) setCode(ctx context.Context, id string) error {
	for range codeTries {
		if err := s.store.SetMemberCode(ctx, id, NewMemberCode()); !errors.Is(err, ErrCodeTaken) {
			return err
		}
	}
	return fmt.Errorf("member code of %s: %w after %d tries", id, ErrCodeTaken, codeTries)
}

// InviteCodeOf returns the invite code of a member.
func (s *Service) InviteCodeOf(ctx context.Context, memberID string) (string, error) {
	m, err := s.store.MemberByID(ctx, memberID)
	if err != nil {
		return "", err
	}
	return InviteCode(m.Code), nil
}
