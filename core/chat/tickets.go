package chat

import (
	"context"
	"time"

	"ngern/core/errs"
)

// NewTicket returns a single-use ticket, valid 60 s, that admits one
// websocket connection of w, and w's room (empty for an operator).
// Tickets are limited per holder (REQUEST_LIMIT).
func (s *Service) NewTicket(ctx context.Context, w Who) (ticket, room string, err error) {
	if w.Kind != KindOperator {
		room = s.Room(w)
	}
	if err := s.limit(ctx, "chat:ticket:"+w.Kind+":"+w.ID, s.cfg.TicketLimit, time.Minute); err != nil {
		return "", "", err
	}
	ticket = newSecret()
	now := s.now().UTC()
	t := &Ticket{Hash: HashSecret(ticket), Kind: w.Kind, Subject: w.ID, Room: room, Session: w.Session, ExpiresAt: now.Add(TicketTTL), CreatedAt: now}
	if err := s.store.CreateTicket(ctx, t); err != nil {
		return "", "", err
	}
	return ticket, room, nil
}

// UseTicket admits a connection: the ticket's holder, once
// (CHAT_TICKET_INVALID for a forged, used or expired ticket).
func (s *Service) UseTicket(ctx context.Context, ticket string) (*Ticket, error) {
	if ticket == "" || len(ticket) > 100 {
		return nil, errs.New(errs.ChatTicketInvalid)
	}
	t, err := s.store.UseTicket(ctx, HashSecret(ticket), s.now().UTC())
	if errs.HasCode(err, errs.NoData) {
		return nil, errs.New(errs.ChatTicketInvalid)
	}
	return t, err
}
