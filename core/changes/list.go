package changes

import (
	"context"

	"ngern/core/errs"
)

// List returns the changes of a status (every status when empty), newest
// first, at most MaxList.
func (s *Service) List(ctx context.Context, status Status) ([]Change, error) {
	switch status {
	case "", Pending, Applied, Rejected, Stale:
	default:
		return nil, errs.OnField(errs.InvalidRequest, "status")
	}
	return s.store.Changes(ctx, status, MaxList)
}

// Change returns one change (NO_DATA).
func (s *Service) Change(ctx context.Context, id string) (*Change, error) {
	return s.store.Change(ctx, id)
}
