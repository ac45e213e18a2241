package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"sync"

	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/wallet"
)

// The home screen (GET /api/wallet) is the hottest call, and most of its
// answer is the games catalogue, the same for every member: each game's
// JSON is encoded once and reused while the game stays the same, so that a
// call encodes only the member's part (encoding/json) and each game's two
// per-member values. The games go last, as "slots"; fields added to
// walletResponse are encoded before them as usual.

// slotFragments is a game's slot JSON around its member values:
// pre + isActive + `,"amount":` + amount + post.
type slotFragments struct {
	game      wallet.CatalogueGame // what the fragments were encoded from
	pre, post []byte
}

// slotCache keeps the fragments by game code.
type slotCache struct {
	mu sync.RWMutex
	m  map[string]*slotFragments
}

// fragments returns the fragments of g, encoding them when g differs from
// what the cached ones were encoded from.
func (c *slotCache) fragments(g *wallet.CatalogueGame) *slotFragments {
	c.mu.RLock()
	f := c.m[g.Code]
	c.mu.RUnlock()
	if f != nil && sameSlotJSON(&f.game, g) {
		if !sameStrings(&f.game, g) {
			// Equal text in new strings (the catalogue was read again):
			// keep these, so that the next comparisons are of pointers.
			c.put(&slotFragments{game: *g, pre: f.pre, post: f.post})
		}
		return f
	}
	f = encodeSlotFragments(g)
	c.put(f)
	return f
}

func (c *slotCache) put(f *slotFragments) {
	c.mu.Lock()
	if c.m == nil {
		c.m = map[string]*slotFragments{}
	}
	c.m[f.game.Code] = f
	c.mu.Unlock()
}

// encodeSlotFragments encodes g's slot with encoding/json (the one shape,
// slotJSON) and cuts it around isActive and amount.
func encodeSlotFragments(g *wallet.CatalogueGame) *slotFragments {
	s := toSlotJSON(wallet.Slot{CatalogueGame: *g})
	b, err := json.Marshal(&s)
	if err != nil { // strings, numbers and a bool: cannot fail
		panic(err)
	}
	const active, amount = `"isActive":false`, `,"amount":0.00`
	i := bytes.Index(b, []byte(active+amount))
	if i < 0 {
		panic("httpapi: slotJSON no longer has isActive then amount: " + string(b))
	}
	pre := b[:i+len(`"isActive":`)]
	post := b[i+len(active)+len(amount):]
	return &slotFragments{game: *g, pre: pre, post: post}
}

// sameSlotJSON reports whether a and b encode to the same slot JSON.
func sameSlotJSON(a, b *wallet.CatalogueGame) bool {
	return a.Code == b.Code && a.Name == b.Name && a.Category == b.Category && a.FtWalletSlot == b.FtWalletSlot &&
		samePicture(a.Logo, a.LogoImage, b.Logo, b.LogoImage) &&
		samePicture(a.Background, a.BackgroundImage, b.Background, b.BackgroundImage) &&
		sameLink(a.Web, b.Web) && sameLink(a.Android, b.Android) && sameLink(a.IOS, b.IOS)
}

// samePicture compares what imageLink shows: the version of an inline
// picture (not its data), or the stored link.
func samePicture(a string, ai *wallet.Image, b string, bi *wallet.Image) bool {
	if ai != nil || bi != nil {
		return ai != nil && bi != nil && ai.Version == bi.Version
	}
	return a == b
}

func sameLink(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// sameStrings reports whether the long strings of a and b are the same
// strings (same memory), not only equal.
func sameStrings(a, b *wallet.CatalogueGame) bool {
	return a.LogoImage == b.LogoImage && a.BackgroundImage == b.BackgroundImage &&
		unsafeSameString(a.Logo, b.Logo) && unsafeSameString(a.Background, b.Background) && unsafeSameString(a.Name, b.Name)
}

// homeBuffers are reused answer buffers of writeWallet.
var homeBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// writeWallet answers the home screen: the member's part through
// encoding/json, then the slots from the cached fragments, with its
// Content-Length in one write as writeJSON does.
func (s *Server) writeWallet(w http.ResponseWriter, r *http.Request, h *wallet.Home) {
	head := toWallet(h)
	s.fillInvite(r, &head)
	hb, err := json.Marshal(&head)
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, errorBody{Message: errs.InternalServerError})
		return
	}
	bp := homeBuffers.Get().(*[]byte)
	b := append((*bp)[:0], hb[:len(hb)-1]...) // without the closing brace
	b = append(b, `,"slots":[`...)
	for i := range h.Slots {
		sl := &h.Slots[i]
		if i > 0 {
			b = append(b, ',')
		}
		f := s.slots.fragments(&sl.CatalogueGame)
		b = append(b, f.pre...)
		b = strconv.AppendBool(b, sl.IsActive)
		b = append(b, `,"amount":`...)
		b = appendSatang(b, sl.Amount)
		b = append(b, f.post...)
	}
	b = append(b, "]}\n"...)
	hd := w.Header()
	hd.Set("Content-Type", "application/json; charset=utf-8")
	hd.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(http.StatusOK)
	w.Write(b)
	if cap(b) <= 64<<10 {
		*bp = b
		homeBuffers.Put(bp)
	}
}

// appendSatang appends s as money.Satang's MarshalJSON writes it.
func appendSatang(b []byte, s money.Satang) []byte {
	v := int64(s)
	if v < 0 {
		b = append(b, '-')
		v = -v
	}
	b = strconv.AppendInt(b, v/100, 10)
	b = append(b, '.', byte('0'+v%100/10), byte('0'+v%10))
	return b
}
