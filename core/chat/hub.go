package chat

import (
	"context"
	"sync"
	"time"

	"ngern/core/errs"
	"ngern/core/events"
)

// messageTopic carries every new message to every node: a reference (the
// message id and its room), never the content, which each node that has
// a listener for the room reads from the store.
const messageTopic events.Topic[messageRef] = "chat.message"

type messageRef struct {
	ID   string `json:"id"`
	Room string `json:"room"`
}

// Listener receives the items of the rooms it listens to. Deliver must not
// block: a listener that cannot keep up drops itself (closes its socket).
type Listener interface {
	Deliver(Item)
}

// Hub holds this node's listeners: per room, and those of every room (the
// operators').
type Hub struct {
	mu    sync.RWMutex
	rooms map[string]map[Listener]struct{}
	all   map[Listener]struct{}
}

func newHub() *Hub {
	return &Hub{rooms: map[string]map[Listener]struct{}{}, all: map[Listener]struct{}{}}
}

// Listen adds l to room ("" for every room) until the returned function is
// called.
func (s *Service) Listen(room string, l Listener) (stop func()) {
	h := s.hub
	h.mu.Lock()
	if room == "" {
		h.all[l] = struct{}{}
	} else {
		set := h.rooms[room]
		if set == nil {
			set = map[Listener]struct{}{}
			h.rooms[room] = set
		}
		set[l] = struct{}{}
	}
	h.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			h.mu.Lock()
			defer h.mu.Unlock()
			if room == "" {
				delete(h.all, l)
				return
			}
			delete(h.rooms[room], l)
			if len(h.rooms[room]) == 0 {
				delete(h.rooms, room)
			}
		})
	}
}

// listeners returns the listeners of room, or nil when nobody listens.
func (h *Hub) listeners(room string) []Listener {
	h.mu.RLock()
	defer h.mu.RUnlock()
	n := len(h.rooms[room]) + len(h.all)
	if n == 0 {
		return nil
	}
	out := make([]Listener, 0, n)
	for l := range h.rooms[room] {
		out = append(out, l)
	}
	for l := range h.all {
		out = append(out, l)
	}
	return out
}

// Listening counts this node's listeners (for the bench and the logs).
func (s *Service) Listening() int {
	s.hub.mu.RLock()
	defer s.hub.mu.RUnlock()
	n := len(s.hub.all)
	for _, set := range s.hub.rooms {
		n += len(set)
	}
	return n
}

// publish tells every node about m. A failure is logged: the message is
// stored and the other side sees it on its next history read.
func (s *Service) publish(ctx context.Context, m *Message) {
	if s.bus == nil {
		return
	}
	if err := messageTopic.Publish(ctx, s.bus, messageRef{ID: m.ID, Room: m.Room}); err != nil {
		s.log.WarnContext(ctx, "chat message not published", "room", m.Room, "err", err)
	}
}

// fanoutQueue bounds the references waiting to be read on this node.
const fanoutQueue = 4096

// Start delivers the messages of every node to this node's listeners until
// the returned function is called. The bus's handler only queues the
// reference; workers read the message once per node and hand it to the
// room's listeners.
func (s *Service) Start(workers int) (stop func()) {
	if s.bus == nil {
		return func() {}
	}
	if workers <= 0 {
		workers = 4
	}
	queue := make(chan messageRef, fanoutQueue)
	unsubscribe := messageTopic.Subscribe(s.bus, func(ref messageRef) {
		if s.hub.listeners(ref.Room) == nil {
			return // nobody here listens to the room: nothing to read
		}
		select {
		case queue <- ref:
		default:
			s.log.Warn("chat fan-out queue full: message not pushed live", "room", ref.Room)
		}
	})
	// The queue is never closed: a delivery already inside the handler
	// when Stop runs must not send on a closed channel.
	done := make(chan struct{})
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				case ref := <-queue:
					s.deliver(ref)
				}
			}
		}()
	}
	return func() {
		unsubscribe()
		close(done)
		wg.Wait()
	}
}

func (s *Service) deliver(ref messageRef) {
	ls := s.hub.listeners(ref.Room)
	if ls == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	m, err := s.store.Message(ctx, ref.ID)
	if err != nil {
		s.log.Warn("chat message not read for fan-out", "id", ref.ID, "err", err)
		return
	}
	if err := decodeContent(m); err != nil {
		s.log.Warn("chat message not decoded", "id", ref.ID, "err", err)
		return
	}
	item := s.ItemOf(*m)
	for _, l := range ls {
		l.Deliver(item)
	}
}

// Revocable is a member's listener that must stop when the login session
// it was opened with ends (logout, password change, lock, an operator's
// revoke). Revoke must not block: it runs on the bus's delivery goroutine.
type Revocable interface {
	Revoke()
}

// sessions indexes this node's member sockets by member and by session.
type sessions struct {
	mu       sync.Mutex
	byMember map[string]map[Revocable]struct{}
	bySess   map[string]map[Revocable]struct{}
}

func addTo(m map[string]map[Revocable]struct{}, k string, r Revocable) {
	set := m[k]
	if set == nil {
		set = map[Revocable]struct{}{}
		m[k] = set
	}
	set[r] = struct{}{}
}

func removeFrom(m map[string]map[Revocable]struct{}, k string, r Revocable) {
	delete(m[k], r)
	if len(m[k]) == 0 {
		delete(m, k)
	}
}

// TrackSession tells r when a session of memberID ends, until the returned
// function is called. session is the login session r was opened with
// (Who.Session).
func (s *Service) TrackSession(memberID, session string, r Revocable) (stop func()) {
	t := &s.sessions
	t.mu.Lock()
	if t.byMember == nil {
		t.byMember, t.bySess = map[string]map[Revocable]struct{}{}, map[string]map[Revocable]struct{}{}
	}
	addTo(t.byMember, memberID, r)
	if session != "" {
		addTo(t.bySess, session, r)
	}
	t.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			t.mu.Lock()
			defer t.mu.Unlock()
			removeFrom(t.byMember, memberID, r)
			if session != "" {
				removeFrom(t.bySess, session, r)
			}
		})
	}
}

// SessionsEnded is told, on every node, that sessions ended: one session
// (session, an account.SessionID) or every session of a member (memberID;
// a password change ends all but the caller's). The tracked sockets
// concerned check their session again and close if it ended. The account
// service publishes these on the event bus; app wiring connects the two.
func (s *Service) SessionsEnded(memberID, session string) {
	t := &s.sessions
	t.mu.Lock()
	var hit []Revocable
	for r := range t.byMember[memberID] {
		hit = append(hit, r)
	}
	for r := range t.bySess[session] {
		hit = append(hit, r)
	}
	t.mu.Unlock()
	for _, r := range hit {
		r.Revoke()
	}
}

// BalancesListener is a member's socket that the app refreshes its home
// through: it is told when the member's balances (or anything else the
// home shows) changed on any node. BalancesChanged must not block: it
// runs on the bus's delivery goroutine.
type BalancesListener interface {
	BalancesChanged()
}

// BalancesChanged tells this node's tracked sockets of members that are
// BalancesListeners that their home changed. app wiring connects it to
// wallet.BalancesChanged on the event bus, so a change on any node
// reaches the member's sockets on every node.
func (s *Service) BalancesChanged(members []string) {
	t := &s.sessions
	t.mu.Lock()
	var hit []BalancesListener
	for _, m := range members {
		for r := range t.byMember[m] {
			if l, ok := r.(BalancesListener); ok {
				hit = append(hit, l)
			}
		}
	}
	t.mu.Unlock()
	for _, l := range hit {
		l.BalancesChanged()
	}
}

// Tracked counts this node's tracked member sockets (tests).
func (s *Service) Tracked() int {
	s.sessions.mu.Lock()
	defer s.sessions.mu.Unlock()
	n := 0
	for _, set := range s.sessions.byMember {
		n += len(set)
	}
	return n
}

// held counts the sockets open on this node per member or guest.
type held struct {
	mu sync.Mutex
	n  map[string]int
}

// HoldSocket takes one of the SocketsPerHolder places of a member's or
// guest's websockets on this node (operators have no bound), and answers
// the function that gives it back; REQUEST_LIMIT when all are taken (one
// member held 10,000 sockets).
func (s *Service) HoldSocket(kind, id string) (release func(), err error) {
	if kind == KindOperator || s.cfg.SocketsPerHolder <= 0 {
		return func() {}, nil
	}
	key := kind + ":" + id
	h := &s.held
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n[key] >= s.cfg.SocketsPerHolder {
		return nil, errs.Limited(errs.RequestLimit, pingEvery)
	}
	if h.n == nil {
		h.n = map[string]int{}
	}
	h.n[key]++
	var once sync.Once
	return func() {
		once.Do(func() {
			h.mu.Lock()
			defer h.mu.Unlock()
			if h.n[key]--; h.n[key] <= 0 {
				delete(h.n, key)
			}
		})
	}, nil
}

// pingEvery is about when a socket of a closed tab is found gone: the
// Retry-After of a refused socket.
const pingEvery = 30 * time.Second
