package settings

import (
	"context"

	"ngern/core/errs"
)

// BankFlags are what an operator may change of a bank of the directory:
// whether account names must be in English (the register and bank-name
// rule), whether members may choose it, and its place in the list.
type BankFlags struct {
	EnglishOnly bool
	Active      bool
	Sort        int
}

// LastActiveBank is the error refusing to deactivate the last active bank
// of the country: members could no longer register or change their bank.
func LastActiveBank() error {
	e := errs.Newf(errs.InvalidRequest, "at least one bank must stay active")
	e.Field = "active"
	return e
}

// OperatorBanks lists every bank of this deployment's country for the
// console, inactive ones included, in the members' order.
func (s *Service) OperatorBanks(ctx context.Context) ([]Bank, error) {
	return s.store.AllBanks(ctx, s.Country())
}

// DirectoryBank returns a bank of this deployment's country, active or not
// (NOT_FOUND otherwise).
func (s *Service) DirectoryBank(ctx context.Context, code string) (Bank, error) {
	b, err := s.store.Bank(ctx, code)
	if errs.HasCode(err, errs.InvalidBank) || err == nil && b.Country != s.Country() {
		return Bank{}, errs.New(errs.NotFoundCode)
	}
	return b, err
}

// UpdateBank changes a bank's flags. The sort must not be negative and at
// least one bank of the country must stay active. Members see the change
// at their next GET /api/lookup/banks (the lookup is read from the store
// each time; nothing caches it on the server).
func (s *Service) UpdateBank(ctx context.Context, code string, f BankFlags) (Bank, error) {
	if f.Sort < 0 {
		return Bank{}, errs.OnField(errs.InvalidRequest, "sort")
	}
	if _, err := s.DirectoryBank(ctx, code); err != nil {
		return Bank{}, err
	}
	if !f.Active {
		active, err := s.store.Banks(ctx, s.Country())
		if err != nil {
			return Bank{}, err
		}
		if len(active) == 0 || len(active) == 1 && active[0].Code == code {
			return Bank{}, LastActiveBank()
		}
	}
	return s.store.UpdateBank(ctx, code, f)
}
