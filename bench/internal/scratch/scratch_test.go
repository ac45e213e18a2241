package scratch

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"testing"

	"ngern/adapters/sqlstore"
)

func TestWithSearchPath(t *testing.T) {
	for name, tc := range map[string]struct{ in, want string }{
		"NoQuery":      {"postgres://postgres@127.0.0.1:5432/test", "postgres://postgres@127.0.0.1:5432/test?search_path=yr"},
		"KeepsOptions": {"postgres://postgres@127.0.0.1:5432/test?sslmode=disable", "postgres://postgres@127.0.0.1:5432/test?search_path=yr&sslmode=disable"},
		"Replaces":     {"postgres://h/test?search_path=other", "postgres://h/test?search_path=yr"},
	} {
		t.Run(name, func(t *testing.T) {
			if got := WithSearchPath(tc.in, "yr"); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestAbandoned(t *testing.T) {
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	// A process that has ended: a child that was waited for.
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	dead := cmd.Process.Pid
	for name, tc := range map[string]struct {
		comment string
		want    bool
	}{
		"DeadProcessOfThisHost": {ownerMark + host + " pid " + strconv.Itoa(dead), true},
		"RunningProcess":        {ownerMark + host + " pid " + strconv.Itoa(os.Getpid()), false},
		"AnotherHost":           {ownerMark + "elsewhere-" + host + " pid " + strconv.Itoa(dead), false},
		"NoComment":             {"", false},
		"SomebodyElsesComment":  {"kept for the report", false},
		"UnreadablePid":         {ownerMark + host + " pid x", false},
	} {
		t.Run(name, func(t *testing.T) {
			if got := abandoned(tc.comment); got != tc.want {
				t.Errorf("abandoned(%q) = %v, want %v", tc.comment, got, tc.want)
			}
		})
	}
}

// A scratch schema carries its owner; once its process is gone the next
// run's DropAbandoned drops it, and a live one's stays.
func TestDropAbandoned(t *testing.T) {
	ctx := context.Background()
	db := DatabaseURL()
	probe, err := sqlstore.Open(ctx, db, "")
	if err != nil {
		t.Skipf("no bench database: %v", err)
	}
	probe.Close()
	prefix := "scratchtest_" + Hex(3) + "_"
	mine, err := NewSchema(ctx, db, prefix)
	if err != nil {
		t.Fatal(err)
	}
	defer mine.Drop()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	killed := Existing(db, prefix+"killed")
	if err := execSQL(ctx, db, "CREATE SCHEMA "+killed.Name+"; COMMENT ON SCHEMA "+killed.Name+" IS '"+ownerMark+host+" pid "+strconv.Itoa(cmd.Process.Pid)+"'"); err != nil {
		t.Fatal(err)
	}
	defer killed.Drop()
	gone, err := DropAbandoned(ctx, db, prefix)
	if err != nil {
		t.Fatal(err)
	}
	if len(gone) != 1 || gone[0] != killed.Name {
		t.Fatalf("dropped %v, want only %s", gone, killed.Name)
	}
	if gone, err = DropAbandoned(ctx, db, prefix); err != nil || len(gone) != 0 {
		t.Fatalf("second pass dropped %v, %v; want nothing (%s is live)", gone, err, mine.Name)
	}
}
