package account

import (
	"context"
	"errors"
	"sort"
	"strings"
	"sync"
	"testing"

	"ngern/core/errs"
)

func TestNewMemberCode(t *testing.T) {
	seen := map[string]bool{}
	for range 2000 {
		c := NewMemberCode()
		if len(c) != CodeLength || strings.ContainsAny(c, "0O1IL") || !memberCodeFormat.MatchString(c) {
			t.Fatalf("code %q: want %d characters of %s", c, CodeLength, codeAlphabet)
		}
		seen[c] = true
	}
	if len(seen) < 1990 {
		t.Fatalf("%d distinct codes of 2000", len(seen))
	}
	if strings.ContainsAny(codeAlphabet, "0O1IL") {
		t.Fatalf("alphabet %q holds an ambiguous character", codeAlphabet)
	}
}

func TestCodeOf(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    uint64
		want string
	}{
		{"zero", 0, "22222222"},
		{"one", 1, "22222223"},
		{"the alphabet's last", 30, "2222222Z"},
		{"a carry", 31, "22222232"},
		{"the largest", 31*31*31*31*31*31*31*31 - 1, "ZZZZZZZZ"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := CodeOf(tc.n)
			if got != tc.want || !memberCodeFormat.MatchString(got) {
				t.Fatalf("CodeOf(%d) = %q, want %q", tc.n, got, tc.want)
			}
		})
	}
	t.Run("distinct numbers, distinct codes", func(t *testing.T) {
		seen := map[string]bool{}
		for n := range uint64(5000) {
			seen[CodeOf(n*387_420_489%(31*31*31*31*31*31*31*31))] = true
		}
		if len(seen) != 5000 {
			t.Fatalf("%d distinct codes of 5000", len(seen))
		}
	})
}

func TestParseInvite(t *testing.T) {
	const id = "08ebb7c0a1f2d3e4b5c6d7e8"
	for _, tc := range []struct {
		name, typed string
		want        inviter
		ok          bool
	}{
		{"short", "PR7K3MQ9XA", inviter{code: "7K3MQ9XA"}, true},
		{"short in lower case", "pr7k3mq9xa", inviter{code: "7K3MQ9XA"}, true},
		{"short with spaces and dashes", " PR 7K3M-Q9XA ", inviter{code: "7K3MQ9XA"}, true},
		{"long form of a shared link", "PR" + id, inviter{id: id}, true},
		{"long form in capitals", "PR" + strings.ToUpper(id), inviter{id: id}, true},
		{"long form with O for 0 and I, L for 1", "PRO8EBB7COAIF2D3E4B5C6D7E8", inviter{id: id}, true},
		{"long form with l for 1", "pr08ebb7c0alf2d3e4b5c6d7e8", inviter{id: id}, true},
		{"short with an ambiguous character", "PR7K3MQ9X0", inviter{}, false},
		{"too short", "PR7K3MQ9X", inviter{}, false},
		{"no prefix", "7K3MQ9XA", inviter{}, false},
		{"empty", "", inviter{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := parseInvite(tc.typed)
			if ok != tc.ok || got != tc.want {
				t.Fatalf("parseInvite(%q) = %+v, %v; want %+v, %v", tc.typed, got, ok, tc.want, tc.ok)
			}
		})
	}
	if got := (inviter{code: "7K3MQ9XA"}).normal(); got != "PR7K3MQ9XA" {
		t.Fatalf("normal = %q", got)
	}
	if got := (inviter{id: id}).normal(); got != "PR"+id {
		t.Fatalf("normal = %q", got)
	}
}

// codeStore keeps members by id and refuses the first taken picks.
type codeStore struct {
	Store
	mu      sync.Mutex
	members map[string]*Member
	refuse  int // picks to refuse as taken
	tries   int
}

func (s *codeStore) taken() bool {
	s.tries++
	if s.refuse > 0 {
		s.refuse--
		return true
	}
	return false
}

func (s *codeStore) CreateMember(_ context.Context, m *Member, _ string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.taken() {
		return ErrCodeTaken
	}
	cp := *m
	s.members[m.ID] = &cp
	return nil
}

func (s *codeStore) MemberByID(_ context.Context, id string) (*Member, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if m, ok := s.members[id]; ok {
		cp := *m
		return &cp, nil
	}
	return nil, errs.New(errs.NoUser)
}

func (s *codeStore) MemberByCode(_ context.Context, code string) (*Member, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range s.members {
		if m.Code == code {
			cp := *m
			return &cp, nil
		}
	}
	return nil, errs.New(errs.NoUser)
}

func (s *codeStore) MembersWithoutCode(_ context.Context, after string, limit int) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []string
	for id, m := range s.members {
		if m.Code == "" && id > after {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return ids[:min(len(ids), limit)], nil
}

func (s *codeStore) SetMemberCode(_ context.Context, id, code string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.taken() {
		return ErrCodeTaken
	}
	if m := s.members[id]; m.Code == "" {
		m.Code = code
	}
	return nil
}

func TestCreateWithCode(t *testing.T) {
	for _, tc := range []struct {
		name          string
		refuse, tries int
		fails         bool
	}{
		{"first pick", 0, 1, false},
		{"retry after collisions", 2, 3, false},
		{"gives up", codeTries, codeTries, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &codeStore{members: map[string]*Member{}, refuse: tc.refuse}
			s := NewService(st, nil, nil, nil, DefaultConfig(), nil)
			m := &Member{ID: NewID()}
			err := s.createWithCode(context.Background(), m, "")
			if (err != nil) != tc.fails || st.tries != tc.tries {
				t.Fatalf("err %v after %d tries; want fails=%v after %d", err, st.tries, tc.fails, tc.tries)
			}
			if tc.fails {
				if !errors.Is(err, ErrCodeTaken) {
					t.Fatalf("err %v; want ErrCodeTaken", err)
				}
				return
			}
			if got := st.members[m.ID].Code; !memberCodeFormat.MatchString(got) {
				t.Fatalf("stored code %q", got)
			}
		})
	}
}

func TestResolveInviter(t *testing.T) {
	inv := &Member{ID: "08ebb7c0a1f2d3e4b5c6d7e8", Code: "7K3MQ9XA"}
	st := &codeStore{members: map[string]*Member{inv.ID: inv}}
	s := NewService(st, nil, nil, nil, DefaultConfig(), nil)
	for _, tc := range []struct {
		name, typed string
		linked      bool
	}{
		{"short code typed in lower case", "pr7k3mq9xa", true},
		{"long form of an old link", "PR08EBB7C0A1F2D3E4B5C6D7E8", true},
		{"code of nobody", "PR7K3MQ9XB", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, ok := parseInvite(tc.typed)
			if !ok {
				t.Fatalf("%q not read", tc.typed)
			}
			m, err := s.resolveInviter(context.Background(), v)
			if err != nil || (m != nil) != tc.linked || (m != nil && m.ID != inv.ID) {
				t.Fatalf("inviter %+v, %v; want linked=%v", m, err, tc.linked)
			}
		})
	}
}

func TestBackfillCodes(t *testing.T) {
	st := &codeStore{members: map[string]*Member{}, refuse: 1}
	for range 3 {
		id := NewID()
		st.members[id] = &Member{ID: id}
	}
	keep := &Member{ID: NewID(), Code: "7K3MQ9XA"}
	st.members[keep.ID] = keep
	s := NewService(st, nil, nil, nil, DefaultConfig(), nil)
	n, err := s.BackfillCodes(context.Background())
	if err != nil || n != 3 {
		t.Fatalf("backfill: %d, %v; want 3", n, err)
	}
	for _, m := range st.members {
		if !memberCodeFormat.MatchString(m.Code) {
			t.Fatalf("member %s code %q", m.ID, m.Code)
		}
	}
	if keep.Code != "7K3MQ9XA" {
		t.Fatalf("a given code changed to %q", keep.Code)
	}
	if n, err := s.BackfillCodes(context.Background()); err != nil || n != 0 {
		t.Fatalf("second backfill: %d, %v; want 0", n, err)
	}
}
