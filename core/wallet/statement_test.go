package wallet

import (
	"context"
	"fmt"
	"testing"
)

func TestStatement(t *testing.T) {
	e := newEnv(t)
	for i := range 73 {
		e.store.statement = append(e.store.statement, StatementItem{ID: fmt.Sprintf("s%d", i)})
	}
	cases := []struct {
		name          string
		page, limit   int
		offset, asked int // what the store is asked
		first         string
		items         int
	}{
		{"OKDefaults", 0, 0, 0, DefaultStatementLimit, "s0", 10},
		{"OKSecondPage", 2, 20, 20, 20, "s20", 20},
		{"OKNegativePageIsFirst", -3, 5, 0, 5, "s0", 5},
		{"OKLimitCapped", 1, 1000, 0, MaxStatementLimit, "s0", 50},
		{"OKLastPartialPage", 8, 10, 70, 10, "s70", 3},
		{"OKPastTheEnd", 9, 10, 80, 10, "", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			items, total, err := e.svc.Statement(context.Background(), member, c.page, c.limit)
			if err != nil || total != 73 || len(items) != c.items || e.store.statementAsked != [2]int{c.offset, c.asked} {
				t.Fatalf("Statement = %d items of %d, %v; asked %v", len(items), total, err, e.store.statementAsked)
			}
			if c.items > 0 && items[0].ID != c.first {
				t.Fatalf("first %s, want %s", items[0].ID, c.first)
			}
		})
	}
}
