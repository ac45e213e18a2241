package settings

import (
	"context"
	"encoding/json"

	"ngern/core/errs"
)

// Put replaces a stored setting (operator use) once Check accepts it.
func (s *Service) Put(ctx context.Context, name string, doc json.RawMessage) error {
	doc, err := s.Check(ctx, name, doc)
	if err != nil {
		return err
	}
	if err := s.store.PutSetting(ctx, name, doc); err != nil {
		return err
	}
	s.forgetStatus() // a status change takes effect at once on this node
	if name == KeyActive && s.bus != nil {
		return statusTopic.Publish(ctx, s.bus, struct{}{}) // and on the others
	}
	return nil
}

// Check validates a document for a stored setting as Put does, against the
// key's definition (keys.go), and answers it normalised as Put would store
// it; it stores nothing (a change that waits for a second owner is checked
// when proposed). A text is checked language by language (texts.go).
// Refusals: INVALID_REQUEST naming the field, SETTING_URL_INVALID for a
// link that is not https, SETTING_NOT_HONOURED for a value above what the
// code honours; NOT_FOUND for an unknown key.
func (s *Service) Check(ctx context.Context, name string, doc json.RawMessage) (json.RawMessage, error) {
	if _, ok := definitions()[name]; !ok {
		return nil, errs.New(errs.NotFoundCode)
	}
	if IsText(name) {
		bad := func(why string) error { return errs.Newf(errs.InvalidRequest, "%s: %s", name, why) }
		return checkText(name, doc, bad, func(d json.RawMessage) (json.RawMessage, error) {
			return s.checkOne(ctx, name, d)
		})
	}
	return s.checkOne(ctx, name, doc)
}
