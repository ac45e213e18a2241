package pgbench

import (
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	report := `pgbench (15.20 (Debian 15.20-0+deb12u1))
transaction type: <builtin: TPC-B (sort of)>
number of clients: 1
duration: 2 s
number of transactions actually processed: 256
latency average = 7.812 ms
initial connection time = 2.604 ms
tps = 128.003951 (without initial connection time)
`
	for name, tc := range map[string]struct {
		out     string
		want    Result
		wantErr bool
	}{
		"Report":    {out: report, want: Result{TPS: 128.003951, Latency: 7812 * time.Microsecond, CPU: time.Second}},
		"NoLatency": {out: "tps = 10.5 (without initial connection time)\n", want: Result{TPS: 10.5, CPU: time.Second}},
		"NoTPS":     {out: "pgbench: error: connection refused\n", wantErr: true},
	} {
		t.Run(name, func(t *testing.T) {
			got, err := parse(tc.out, time.Second)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want an error: %v", err, tc.wantErr)
			}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}
