package wallet

import (
	"strings"
	"testing"
)

func TestSealer(t *testing.T) {
	s, err := NewSealer(make([]byte, KeySize))
	if err != nil {
		t.Fatal(err)
	}
	sealed, err := s.Seal("p@ss", "member/GAME")
	if err != nil || strings.Contains(sealed, "p@ss") {
		t.Fatalf("sealed %q, %v", sealed, err)
	}
	again, _ := s.Seal("p@ss", "member/GAME")
	if again == sealed {
		t.Fatal("two seals of one value are equal: the nonce is not fresh")
	}
	cases := []struct {
		name, sealed, owner string
		ok                  bool
	}{
		{"OK", sealed, "member/GAME", true},
		{"ErrOtherOwner", sealed, "member/OTHER", false},
		{"ErrTampered", sealed[:len(sealed)-4] + "AAAA", "member/GAME", false},
		{"ErrNotBase64", "%%%", "member/GAME", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			plain, err := s.Open(c.sealed, c.owner)
			if (err == nil) != c.ok || (c.ok && plain != "p@ss") {
				t.Fatalf("Open = %q, %v", plain, err)
			}
		})
	}
	other, _ := NewSealer(append(make([]byte, KeySize-1), 1))
	if _, err := other.Open(sealed, "member/GAME"); err == nil {
		t.Fatal("opened with another key")
	}
	if _, err := NewSealer(make([]byte, 16)); err == nil {
		t.Fatal("a 16-byte key was accepted")
	}
}

func TestDemoGames(t *testing.T) {
	counts := map[Category]int{}
	codes := map[string]bool{}
	for _, g := range DemoGames() {
		counts[g.Category]++
		if codes[g.Code] || !g.Active || !strings.HasPrefix(g.Logo, "data:image/svg+xml;base64,") || g.FtWalletSlot <= 0 {
			t.Fatalf("game %+v", g)
		}
		codes[g.Code] = true
	}
	if counts[CategorySlot] != 4 || counts[CategorySport] != 2 || counts[CategoryLotto] != 2 {
		t.Fatalf("categories %v", counts)
	}
}
