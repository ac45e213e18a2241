package account

import (
	"context"
	"strings"
	"unicode/utf8"

	"ngern/core/errs"
	"ngern/core/settings"
)

// Profile is a member with the bank of their account.
type Profile struct {
	Member *Member
	Bank   settings.Bank
}

// Profile returns the caller's profile.
func (s *Service) Profile(ctx context.Context, memberID string) (*Profile, error) {
	m, err := s.store.MemberByID(ctx, memberID)
	if err != nil {
		return nil, err
	}
	bank, err := s.banks.DirectoryBank(ctx, m.BankCode)
	if err != nil && !errs.HasCode(err, errs.NotFoundCode) {
		return nil, err
	}
	if err != nil {
		bank = settings.Bank{Code: m.BankCode}
	}
	return &Profile{Member: m, Bank: bank}, nil
}

// ProfileUpdate is the PUT /api/account/profile payload.
type ProfileUpdate struct {
	Name            string `json:"name"`
	BankCode        string `json:"bankCode"`
	BankAccountName string `json:"bankAccountName"`
	BankAccountNo   string `json:"bankAccountNo"`
}

// UpdateProfile changes the member's display name and account holder name.
// The bank and account number that withdrawals are paid to cannot be changed
// by the member (INVALID_BANK); support changes them after checks.
func (s *Service) UpdateProfile(ctx context.Context, memberID string, u ProfileUpdate) (*Profile, error) {
	m, err := s.store.MemberByID(ctx, memberID)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSpace(spaceRuns.ReplaceAllString(u.Name, " "))
	if name == "" || utf8.RuneCountInString(name) > 100 {
		return nil, errs.OnField(errs.InvalidUserInfo, "name")
	}
	if !visible(name) {
		return nil, errs.OnField(errs.InvalidCharacters, "name")
	}
	no := strings.ReplaceAll(strings.TrimSpace(u.BankAccountNo), "-", "")
	if (u.BankCode != "" && u.BankCode != m.BankCode) || (no != "" && no != m.BankAccountNo) {
		return nil, errs.Newf(errs.InvalidBank, "the bank account can only be changed by support")
	}
	holder := m.BankAccountName
	if u.BankAccountName != "" {
		if holder, err = s.checkBankName(ctx, m.BankCode, u.BankAccountName, true); err != nil {
			return nil, err
		}
	}
	if err := s.store.UpdateProfile(ctx, m.ID, name, holder, s.now().UTC()); err != nil {
		return nil, err
	}
	return s.Profile(ctx, m.ID)
}

// UpdateBankAccountName changes the account holder name of the member's
// registered bank account (the edit-name prompt for English-only banks).
func (s *Service) UpdateBankAccountName(ctx context.Context, memberID, bankCode, name string) (*Profile, error) {
	m, err := s.store.MemberByID(ctx, memberID)
	if err != nil {
		return nil, err
	}
	if bankCode != "" && bankCode != m.BankCode {
		return nil, errs.OnField(errs.InvalidBank, "bankCode")
	}
	holder, err := s.checkBankName(ctx, m.BankCode, name, true)
	if err != nil {
		return nil, err
	}
	if err := s.store.UpdateProfile(ctx, m.ID, m.Name, holder, s.now().UTC()); err != nil {
		return nil, err
	}
	return s.Profile(ctx, m.ID)
}
