package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"

	"ngern/core/account"
	"ngern/core/chat"
	"ngern/core/errs"
	"ngern/core/limits"
	"ngern/core/operator"
)

// chatRoutes mounts the member and guest chat calls (spec part 7).
func (s *Server) chatRoutes() {
	if s.chat == nil {
		return
	}
	m := s.mux
	m.Handle("GET /api/chat/config", s.serviceOpen(http.HandlerFunc(s.chatConfig)))
	m.Handle("POST /api/chat/guest", s.serviceOpen(http.HandlerFunc(s.chatGuest)))
	m.Handle("POST /api/chat/ticket", s.serviceOpen(http.HandlerFunc(s.chatTicket)))
	m.Handle("GET /api/chat/ws", s.serviceOpen(http.HandlerFunc(s.chatSocket)))
	m.Handle("POST /api/chat/send-message", s.customer(s.chatSend))
	m.Handle("POST /api/chat/history", s.customer(s.chatHistory))
	m.Handle("POST /api/chat/upload-image", s.customer(s.chatUpload(chat.Image)))
	m.Handle("POST /api/chat/upload-video", s.customer(s.chatUpload(chat.Video)))
	m.Handle("PUT /api/chat/read-customer/", s.customer(s.chatRead))
	m.Handle("GET /api/chat/media/{room}/{file}", s.serviceOpen(http.HandlerFunc(s.chatMedia)))
}

type chatWhoKey struct{}

// chatWho returns the member or guest of a request wrapped by customer.
func chatWho(r *http.Request) chat.Who {
	w, _ := r.Context().Value(chatWhoKey{}).(chat.Who)
	return w
}

// customerOf authenticates a chat caller: a member by bearer token, else a
// guest by the X-Guest-Token header.
func (s *Server) customerOf(r *http.Request) (chat.Who, error) {
	if token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
		c, err := s.accounts.Authenticate(r.Context(), strings.TrimSpace(token))
		if err != nil {
			return chat.Who{}, err
		}
		if info, ok := r.Context().Value(requestInfoKey{}).(*requestInfo); ok {
			info.memberID = c.MemberID
		}
		return chat.Who{Kind: chat.KindMember, ID: c.MemberID, Session: account.SessionID(c.TokenHash)}, nil
	}
	who, err := s.chat.Guest(r.Context(), r.Header.Get("X-Guest-Token"))
	who.Addr = s.clientIP(r) // a guest's messages and uploads are budgeted per address too
	return who, err
}

// customer authenticates a member or a guest.
func (s *Server) customer(next http.HandlerFunc) http.Handler {
	return s.serviceOpen(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		who, err := s.customerOf(r)
		if err != nil {
			refuse(w, r, err)
			return
		}
		s.grantUpload(w, r)
		next(w, r.WithContext(context.WithValue(r.Context(), chatWhoKey{}, who)))
	}))
}

func (s *Server) chatConfig(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"PREFIX": s.chat.Prefix()})
}

func (s *Server) chatGuest(w http.ResponseWriter, r *http.Request) {
	g, token, err := s.chat.NewGuest(r.Context(), s.clientIP(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"guestId": g.ID, "guestToken": token})
}

// chatTicket answers a websocket ticket for the caller's own room. A
// member who also sends the X-Guest-Token of their guest conversation gets
// it attached (docs/api.md).
func (s *Server) chatTicket(w http.ResponseWriter, r *http.Request) {
	who, err := s.customerOf(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if gt := r.Header.Get("X-Guest-Token"); who.Kind == chat.KindMember && gt != "" {
		if err := s.chat.AttachGuest(r.Context(), who.ID, gt); err != nil && !errs.HasCode(err, errs.GuestTokenInvalid) {
			writeError(w, r, err)
			return
		}
	}
	ticket, room, err := s.chat.NewTicket(r.Context(), who)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"ticket": ticket, "room": room})
}

// chatMessageBody is the conversation object the widget sends; its
// message and deviceToken count: the sender, the room and the session
// come from the caller.
type chatMessageBody struct {
	Message     *chat.Content `json:"message" validate:"required"`
	DeviceToken string        `json:"deviceToken"`
}

func (s *Server) chatSend(w http.ResponseWriter, r *http.Request) {
	var body chatMessageBody
	if err := s.decode(r, &body, errs.ChatMessageInvalid); err != nil {
		writeError(w, r, err)
		return
	}
	m, err := s.chat.Send(r.Context(), chatWho(r), *body.Message, body.DeviceToken)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"createdAt": m.CreatedAt.UTC(), "_id": m.ID})
}

// ownerBody names the conversation of a history or read-mark call: the
// caller's own (another member's or guest's answers 404).
type ownerBody struct {
	UserID  string `json:"userId"`
	GuestID string `json:"guestId"`
	Limit   int    `json:"limit"`
	Skip    int    `json:"skip"`
	// Before is a message id: the page is the messages older than it.
	Before string `json:"before"`
}

func (b ownerBody) mine(who chat.Who) bool {
	if who.Kind == chat.KindMember {
		return b.UserID == who.ID || (b.UserID == "" && b.GuestID == "")
	}
	return b.GuestID == who.ID || (b.UserID == "" && b.GuestID == "")
}

func (s *Server) chatHistory(w http.ResponseWriter, r *http.Request) {
	var body ownerBody
	if err := s.decode(r, &body, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	who := chatWho(r)
	if !body.mine(who) {
		writeError(w, r, errs.New(errs.NotFoundCode))
		return
	}
	list, err := s.chat.History(r.Context(), who, body.Limit, body.Skip, body.Before)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, s.items(list))
}

func (s *Server) items(list []chat.Message) []chat.Item {
	out := make([]chat.Item, len(list))
	for i, m := range list {
		out[i] = s.chat.ItemOf(m)
	}
	return out
}

func (s *Server) chatRead(w http.ResponseWriter, r *http.Request) {
	var body ownerBody
	if err := s.decode(r, &body, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	who := chatWho(r)
	if !body.mine(who) {
		writeError(w, r, errs.New(errs.NotFoundCode))
		return
	}
	if err := s.chat.MarkRead(r.Context(), who); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": string(errs.Success)})
}

// uploadFile reads the multipart field "file" and stores it in room.
func (s *Server) uploadFile(w http.ResponseWriter, r *http.Request, who chat.Who, room string, kind chat.MediaKind) {
	mr, err := r.MultipartReader()
	if err != nil {
		writeError(w, r, errs.New(errs.ChatFileNotSupported))
		return
	}
	for {
		part, err := mr.NextPart()
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				writeError(w, r, errs.New(errs.ChatFileTooLarge))
				return
			}
			writeError(w, r, errs.New(errs.ChatFileNotSupported))
			return
		}
		if part.FormName() != "file" {
			part.Close()
			continue
		}
		s.storePart(w, r, who, room, kind, part)
		return
	}
}

func (s *Server) storePart(w http.ResponseWriter, r *http.Request, who chat.Who, room string, kind chat.MediaKind, part *multipart.Part) {
	defer part.Close()
	max := int64(limits.ChatImageBytes)
	if kind == chat.Video {
		max = limits.ChatVideoBytes
	}
	// The part's size is not known before it is read: read it whole (at
	// most the limit plus one byte), then store it.
	data, err := io.ReadAll(io.LimitReader(part, max+1))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, r, errs.Newf(errs.ChatFileTooLarge, "at most %d MB", max>>20))
			return
		}
		writeError(w, r, errs.New(errs.ChatFileNotSupported))
		return
	}
	path, err := s.chat.Upload(r.Context(), s.objects, who, room, kind, bytes.NewReader(data), int64(len(data)))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"path": path})
}

func (s *Server) chatUpload(kind chat.MediaKind) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		who := chatWho(r)
		s.uploadFile(w, r, who, s.chat.Room(who), kind)
	}
}

// chatMedia serves a room's media to the room's member or guest and to the
// chat operators; anyone else gets 404.
func (s *Server) chatMedia(w http.ResponseWriter, r *http.Request) {
	who, err := s.customerOf(r)
	if err != nil && r.Header.Get("X-Guest-Token") == "" {
		// Not a member's token: perhaps an operator's.
		token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if p, perr := s.operators.Authenticate(r.Context(), strings.TrimSpace(token)); perr == nil && operator.Allowed(p.Role, chatRoles) {
			who, err = chat.Who{Kind: chat.KindOperator, ID: p.Username}, nil
		}
	}
	if err != nil {
		writeError(w, r, errs.New(errs.NotFoundCode))
		return
	}
	rc, info, err := s.chat.OpenMedia(r.Context(), s.objects, who, r.PathValue("room"), r.PathValue("file"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	defer rc.Close()
	h := w.Header()
	h.Set("Content-Type", info.ContentType)
	h.Set("Content-Length", strconv.FormatInt(info.Size, 10))
	h.Set("Content-Disposition", `attachment; filename="`+r.PathValue("file")+`"`)
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	h.Set("Cache-Control", "private, no-store")
	_, _ = io.Copy(w, rc) // a client gone mid-file has no one left to tell
}

// chatRoles may use the operators' chat.
var chatRoles = operator.MemberRoles

// operatorChatTable is the operators' chat endpoints (part of
// operatorTable).
func (s *Server) operatorChatTable() []operatorRoute {
	return []operatorRoute{
		{pattern: "GET /api/operator/chat/conversations", roles: chatRoles, handler: s.opInbox},
		{pattern: "POST /api/operator/chat/ticket", roles: chatRoles, action: "chat.connect", handler: s.opChatTicket},
		{pattern: "GET /api/operator/chat/{room}/messages", roles: chatRoles, action: "chat.read", target: "room", handler: s.opMessages},
		{pattern: "POST /api/operator/chat/{room}/messages", roles: chatRoles, action: "chat.reply", target: "room", handler: s.opReply},
		{pattern: "POST /api/operator/chat/{room}/assign", roles: chatRoles, action: "chat.assign", target: "room", handler: s.opAssign},
		{pattern: "POST /api/operator/chat/{room}/close", roles: chatRoles, action: "chat.close", target: "room", handler: s.opClose},
		{pattern: "POST /api/operator/chat/{room}/upload-image", roles: chatRoles, action: "chat.upload", target: "room", handler: s.opUpload(chat.Image)},
		{pattern: "POST /api/operator/chat/{room}/upload-video", roles: chatRoles, action: "chat.upload", target: "room", handler: s.opUpload(chat.Video)},
		{pattern: "GET /api/operator/chat/canned", roles: chatRoles, handler: s.opCannedList},
		{pattern: "POST /api/operator/chat/canned", roles: chatRoles, action: "chat.canned.create", handler: s.opCannedSave},
		{pattern: "PUT /api/operator/chat/canned/{id}", roles: chatRoles, action: "chat.canned.update", target: "id", handler: s.opCannedSave},
		{pattern: "DELETE /api/operator/chat/canned/{id}", roles: chatRoles, action: "chat.canned.delete", target: "id", handler: s.opCannedDelete},
	}
}

// inboxEntry is a conversation in the operators' inbox.
type inboxEntry struct {
	Room         string     `json:"room"`
	MemberID     string     `json:"memberId,omitempty"`
	GuestID      string     `json:"guestId,omitempty"`
	Name         string     `json:"name,omitempty"`
	Phone        string     `json:"phone,omitempty"`
	Status       string     `json:"status"`
	AssignedTo   string     `json:"assignedTo"`
	WaitingSince *time.Time `json:"waitingSince"`
	LastMessage  time.Time  `json:"lastMessageAt"`
	Unread       int        `json:"unread"`
	// Last is the newest message (inbox only); CustomerReadAt is the
	// customer's read mark.
	Last           *chat.Content `json:"last,omitempty"`
	CustomerReadAt *time.Time    `json:"customerReadAt"`
}

func (s *Server) opInbox(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := chat.InboxFilter{Status: q.Get("status")}
	if q.Get("mine") == "1" || q.Get("mine") == "true" {
		f.Mine = operatorName(r)
	}
	list, err := s.chat.Inbox(r.Context(), f)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]inboxEntry, len(list))
	for i, c := range list {
		out[i] = inboxEntry{Room: c.Room, MemberID: c.MemberID, GuestID: c.GuestID, Name: c.Name, Phone: c.Phone, Status: c.Status,
			AssignedTo: c.AssignedTo, WaitingSince: c.WaitingSince, LastMessage: c.LastMessageAt, Unread: c.Unread,
			CustomerReadAt: c.CustomerReadAt}
		var last chat.Content
		if json.Unmarshal([]byte(c.LastContent), &last) == nil {
			out[i].Last = &last
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"conversations": out})
}

func (s *Server) opChatTicket(w http.ResponseWriter, r *http.Request) {
	ticket, _, err := s.chat.NewTicket(r.Context(), chat.Who{Kind: chat.KindOperator, ID: operatorName(r)})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"ticket": ticket})
}

// operatorItem is a message as operators see it: with its author.
type operatorItem struct {
	chat.Item
	Operator string `json:"operator,omitempty"`
}

// opMessages is a page of a room: the newest (limit, skip), or with
// before=<message id> the limit messages older than that one; more says
// whether an older page may exist (the page was full).
func (s *Server) opMessages(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit, skip := chat.MaxHistory, 0
	for _, p := range []struct {
		name string
		v    *int
	}{{"limit", &limit}, {"skip", &skip}} {
		if raw := q.Get(p.name); raw != "" {
			n, err := strconv.Atoi(raw)
			if err != nil {
				writeError(w, r, errs.OnField(errs.InvalidRequest, p.name))
				return
			}
			*p.v = n
		}
	}
	room := r.PathValue("room")
	list, err := s.chat.Messages(r.Context(), room, limit, skip, q.Get("before"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	conv, err := s.chat.Conversation(r.Context(), room)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]operatorItem, len(list))
	for i, m := range list {
		out[i] = operatorItem{Item: s.chat.ItemOf(m), Operator: m.Operator}
	}
	writeJSON(w, http.StatusOK, map[string]any{"conversation": conversationJSON(conv), "messages": out, "more": len(list) == limit && limit > 0})
}

func (s *Server) opCannedList(w http.ResponseWriter, r *http.Request) {
	list, err := s.chat.CannedReplies(r.Context(), r.URL.Query().Get("lang"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"canned": list})
}

// cannedBody is a canned reply as operators write it.
type cannedBody struct {
	Lang     string `json:"lang"`
	Title    string `json:"title"`
	Body     string `json:"body"`
	Position int    `json:"position"`
}

// opCannedSave creates (POST) or replaces (PUT …/{id}) a canned reply.
func (s *Server) opCannedSave(w http.ResponseWriter, r *http.Request) {
	var body cannedBody
	if err := s.decode(r, &body, errs.ChatCannedInvalid); err != nil {
		writeError(w, r, err)
		return
	}
	id := r.PathValue("id")
	c, err := s.chat.SaveCanned(r.Context(), operatorName(r), chat.Canned{ID: id, Lang: body.Lang, Title: body.Title, Body: body.Body, Position: body.Position})
	if err != nil {
		writeError(w, r, err)
		return
	}
	noteAudit(r).after = c
	if id == "" {
		noteAudit(r).target = c.ID
		writeJSON(w, http.StatusCreated, c)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

func (s *Server) opCannedDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.chat.DeleteCanned(r.Context(), r.PathValue("id")); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": string(errs.Success)})
}

func conversationJSON(c *chat.Conversation) inboxEntry {
	return inboxEntry{Room: c.Room, MemberID: c.MemberID, GuestID: c.GuestID, Status: c.Status, AssignedTo: c.AssignedTo,
		WaitingSince: c.WaitingSince, LastMessage: c.LastMessageAt, CustomerReadAt: c.CustomerReadAt}
}

func (s *Server) opReply(w http.ResponseWriter, r *http.Request) {
	var body chatMessageBody
	if err := s.decode(r, &body, errs.ChatMessageInvalid); err != nil {
		writeError(w, r, err)
		return
	}
	m, err := s.chat.Reply(r.Context(), operatorName(r), r.PathValue("room"), *body.Message)
	if err != nil {
		writeError(w, r, err)
		return
	}
	noteAudit(r).after = map[string]any{"id": m.ID, "type": m.Content.Type}
	writeJSON(w, http.StatusCreated, operatorItem{Item: s.chat.ItemOf(*m), Operator: m.Operator})
}

func (s *Server) opAssign(w http.ResponseWriter, r *http.Request) {
	c, err := s.chat.Assign(r.Context(), r.PathValue("room"), operatorName(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, conversationJSON(c))
}

func (s *Server) opClose(w http.ResponseWriter, r *http.Request) {
	c, err := s.chat.Close(r.Context(), r.PathValue("room"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, conversationJSON(c))
}

func (s *Server) opUpload(kind chat.MediaKind) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		room := r.PathValue("room")
		if _, err := s.chat.Conversation(r.Context(), room); err != nil {
			writeError(w, r, err)
			return
		}
		s.uploadFile(w, r, chat.Who{Kind: chat.KindOperator, ID: operatorName(r)}, room, kind)
	}
}

// marshalFrame encodes a server frame.
func marshalFrame(typ string, data any) []byte {
	b, _ := json.Marshal(map[string]any{"type": typ, "data": data})
	return b
}
