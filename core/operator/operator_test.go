package operator

import (
	"context"
	"strings"
	"testing"

	"ngern/core/errs"
)

type memStore struct{ ops []Operator }

func (m *memStore) CreateOperator(_ context.Context, o Operator) error {
	m.ops = append(m.ops, o)
	return nil
}

func (m *memStore) find(match func(Operator) bool) (Operator, error) {
	for _, o := range m.ops {
		if match(o) {
			return o, nil
		}
	}
	return Operator{}, errs.New(errs.NoData)
}

func (m *memStore) OperatorByName(_ context.Context, name string) (Operator, error) {
	return m.find(func(o Operator) bool { return o.Name == name })
}

func (m *memStore) OperatorByTokenHash(_ context.Context, hash string) (Operator, error) {
	return m.find(func(o Operator) bool { return o.TokenHash == hash })
}

func TestAuthenticate(t *testing.T) {
	ctx := context.Background()
	store := &memStore{}
	configured := strings.Repeat("c", 40)
	s := NewService(store, configured, nil)
	token, created, err := s.Create(ctx, "alice")
	if err != nil || !created || token == "" {
		t.Fatal(err)
	}
	if store.ops[0].TokenHash == token {
		t.Fatal("the token is stored in clear")
	}
	if again, created, _ := s.Create(ctx, "alice"); created || again != "" {
		t.Fatal("a second operator of one name was created")
	}
	cases := []struct {
		name, token, want string
	}{
		{"OKConfigured", configured, ConfigOperator},
		{"OKStored", token, "alice"},
		{"ErrEmpty", "", ""},
		{"ErrWrong", configured[:39] + "d", ""},
		{"ErrTooLong", strings.Repeat("x", 500), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := s.Authenticate(ctx, c.token)
			if got != c.want || (c.want == "") != errs.HasCode(err, errs.Unauthorised) {
				t.Fatalf("Authenticate = %q, %v", got, err)
			}
		})
	}
	if _, err := NewService(store, "", nil).Authenticate(ctx, ""); !errs.HasCode(err, errs.Unauthorised) {
		t.Fatal("an empty token passed with no configured token")
	}
}
