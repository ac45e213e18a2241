package chat

import (
	"time"
)

// OfficeHours are the hours operators answer, daily, in a time zone.
// Start == End means always open.
type OfficeHours struct {
	Start, End time.Duration // since midnight
	Location   *time.Location
}

// Open reports whether t falls within the hours.
func (h OfficeHours) Open(t time.Time) bool {
	if h.Start == h.End {
		return true
	}
	loc := h.Location
	if loc == nil {
		loc = time.UTC
	}
	lt := t.In(loc)
	since := time.Duration(lt.Hour())*time.Hour + time.Duration(lt.Minute())*time.Minute + time.Duration(lt.Second())*time.Second
	if h.Start < h.End {
		return since >= h.Start && since < h.End
	}
	return since >= h.Start || since < h.End // across midnight
}

// Config tunes the chat.
type Config struct {
	// Prefix starts every room name (GET /api/chat/config's PREFIX).
	Prefix string
	Hours  OfficeHours
	// AutoReply is sent (at most once an hour per room) to a customer who
	// writes outside office hours; empty: none.
	AutoReply string
	// SendLimit messages per SendWindow per sender; UploadLimit uploads.
	SendLimit   int
	SendWindow  time.Duration
	UploadLimit int
	// GuestLimit new guests per GuestWindow per client address.
	GuestLimit  int
	GuestWindow time.Duration
	// TicketLimit websocket tickets a minute per member, guest or operator
	// (a widget asks for one per (re)connection, every 5 s at most).
	TicketLimit int
	// GuestSendPerIP messages and GuestUploadMBPerIP megabytes of uploads
	// an hour of all the guests of one client address (a guest's own
	// limits are per guest, and an address may make GuestLimit guests).
	GuestSendPerIP     int
	GuestUploadMBPerIP int
	// SocketsPerHolder websockets open at once on a node per member or
	// guest (operators are not bounded).
	SocketsPerHolder int
	// GuestRetention: guests with no message for this long are purged
	// (zero: GuestRetention, 30 days).
	GuestRetention time.Duration
}

// DefaultConfig returns the documented defaults.
func DefaultConfig() Config {
	return Config{
		Prefix:      "ngern",
		AutoReply:   "ขณะนี้อยู่นอกเวลาทำการ เจ้าหน้าที่จะตอบกลับโดยเร็วที่สุด / We are outside office hours; an operator will answer as soon as possible.",
		SendLimit:   20,
		SendWindow:  time.Minute,
		UploadLimit: 10,
		GuestLimit:  60,
		GuestWindow: time.Hour,
		TicketLimit: 30,
		// An address's guests: 300 messages and 50 MB an hour (at most
		// 36 GB kept per address over the 30 days a guest is kept, where
		// 60 guests a minute at their own limits stored 6 GB a minute).
		GuestSendPerIP:     300,
		GuestUploadMBPerIP: 50,
		SocketsPerHolder:   10,
		GuestRetention:     GuestRetention,
	}
}
