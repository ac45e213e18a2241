// Package metrics exposes the server's health in the Prometheus text
// format: the requests the HTTP adapter serves, the sockets it holds, the
// database pool, the background jobs, and what waits in the database (read
// at each scrape through core/health). The metric names are a contract:
// the alert rules and the dashboard in deploy/ use them, and
// docs/operations.md lists them.
package metrics

import (
	"context"
	"database/sql"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"ngern/adapters/httpapi"
	"ngern/core/health"
)

// Namespace prefixes every metric of the server's own.
const Namespace = "ngern"

// DepositWindow is the window of the deposit counts
// (ngern_deposits_last_hour).
const DepositWindow = time.Hour

// HealthTimeout bounds the database reads of one scrape.
const HealthTimeout = 5 * time.Second

// maxParties bounds the party label's values: a webhook's party comes from
// its path, which anyone can write.
const maxParties = 32

var partyName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)

// Metrics is the registry of one server and the instruments the adapters
// and jobs report to.
type Metrics struct {
	reg *prometheus.Registry

	requests *prometheus.HistogramVec
	errors   *prometheus.CounterVec
	failures *prometheus.CounterVec
	calls    *prometheus.CounterVec
	sockets  prometheus.Gauge
	// seamless counts the aggregators' money callbacks and their latency.
	seamless        *prometheus.CounterVec
	seamlessLatency *prometheus.HistogramVec
	jobs            *prometheus.GaugeVec

	checkOK       prometheus.Gauge
	checkLast     prometheus.Gauge
	checkProblems prometheus.Gauge

	mu      sync.Mutex
	parties map[string]bool
}

// New returns the registry with the process, Go runtime and database pool
// collectors, and, when h is not nil, the health gauges read from h at each
// scrape.
func New(db *sql.DB, h health.Reader, now func() time.Time, log *slog.Logger) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry(), parties: map[string]bool{}}
	m.requests = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: Namespace, Name: "http_request_duration_seconds",
		Help:    "HTTP requests by route pattern and status, and their latency.",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60},
	}, []string{"route", "status"})
	m.errors = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: Namespace, Name: "http_errors_total",
		Help: "Error answers by catalogue code.",
	}, []string{"code"})
	m.failures = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: Namespace, Name: "party_failures_total",
		Help: "Webhooks and callbacks of an outside party answered with an error, by party.",
	}, []string{"party"})
	m.calls = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: Namespace, Name: "party_calls_total",
		Help: "Calls to an outside party by party and outcome: ok (answered under 500), server_error (5xx) or error (no answer).",
	}, []string{"party", "outcome"})
	m.sockets = prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: Namespace, Name: "sockets_open",
		Help: "Chat sockets open on this node.",
	})
	m.jobs = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Namespace: Namespace, Name: "job_last_success_timestamp_seconds",
		Help: "When a background job last finished a pass without error (Unix time).",
	}, []string{"job"})
	m.checkOK = prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: Namespace, Name: "check_ok",
		Help: "1 when the last periodic ngern check passed, 0 when it found a problem or failed to run.",
	})
	m.checkLast = prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: Namespace, Name: "check_last_run_timestamp_seconds",
		Help: "When the periodic ngern check last ran (Unix time).",
	})
	m.checkProblems = prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: Namespace, Name: "check_problems",
		Help: "Problems the last periodic ngern check reported.",
	})
	m.seamless = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: Namespace, Name: "seamless_callbacks_total",
		Help: "Money callbacks of the seamless aggregators the wallet answered, by provider, kind (bet, win, rollback) and outcome (applied, duplicate, error or the refusal).",
	}, []string{"provider", "kind", "outcome"})
	m.seamlessLatency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: Namespace, Name: "seamless_callback_duration_seconds",
		Help:    "How long the wallet took to answer a seamless money callback, by provider and kind.",
		Buckets: []float64{.001, .0025, .005, .01, .02, .05, .1, .25, .5, 1, 2.5, 5, 10},
	}, []string{"provider", "kind"})
	m.reg.MustRegister(m.requests, m.errors, m.failures, m.calls, m.sockets, m.jobs, m.checkOK, m.checkLast, m.checkProblems,
		m.seamless, m.seamlessLatency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if db != nil {
		m.reg.MustRegister(collectors.NewDBStatsCollector(db, "ngern"))
	}
	if h != nil {
		m.reg.MustRegister(&healthCollector{h: h, now: now, log: log})
	}
	return m
}

// Registry is the registry, for tests and for adding collectors.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the registry in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Request counts an ended request (httpapi.Observer).
func (m *Metrics) Request(o httpapi.Observation) {
	route := o.Route
	if route == "" {
		route = "unmatched" // no pattern served it: the raw path never becomes a label
	}
	status := o.Status
	if status == 0 {
		status = http.StatusSwitchingProtocols // a socket taken over from the server
	}
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Observe(o.Duration.Seconds())
	if o.Code != "" {
		m.errors.WithLabelValues(string(o.Code)).Inc()
	}
	if o.Party != "" && status >= 400 {
		m.failures.WithLabelValues(m.party(o.Party)).Inc()
	}
}

// party bounds the party label: a new name counts until maxParties are
// known, then "other".
func (m *Metrics) party(p string) string {
	if !partyName.MatchString(p) {
		return "other"
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.parties[p] {
		if len(m.parties) >= maxParties {
			return "other"
		}
		m.parties[p] = true
	}
	return p
}

// Parties the server calls, as ngern_party_calls_total names them (a QR
// gateway is named by its provider code).
const (
	PartyGameProvider = "game_provider"
	PartySlipOK       = "slipok"
	PartyTrueMoney    = "truemoney"
)

// Client returns an HTTP client whose calls to party are counted
// (ngern_party_calls_total); base nil: http.DefaultTransport.
func (m *Metrics) Client(party string, base http.RoundTripper) *http.Client {
	if base == nil {
		base = http.DefaultTransport
	}
	return &http.Client{Transport: countingTransport{base: base, party: party, calls: m.calls}}
}

type countingTransport struct {
	base  http.RoundTripper
	party string
	calls *prometheus.CounterVec
}

func (t countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := t.base.RoundTrip(r)
	outcome := "ok"
	switch {
	case err != nil:
		outcome = "error"
	case res.StatusCode >= 500:
		outcome = "server_error"
	}
	t.calls.WithLabelValues(t.party, outcome).Inc()
	return res, err
}

// Socket counts a socket opening (1) or closing (-1) (httpapi.Observer).
func (m *Metrics) Socket(delta int) { m.sockets.Add(float64(delta)) }

// SeamlessCallback counts a seamless money callback the wallet answered
// (seamless.Config.Observe). Providers are the configured aggregators'
// codes, a handful: a fixed set of labels.
func (m *Metrics) SeamlessCallback(provider, kind, outcome string, took time.Duration) {
	m.seamless.WithLabelValues(provider, kind, outcome).Inc()
	m.seamlessLatency.WithLabelValues(provider, kind).Observe(took.Seconds())
}

// JobEnded records a background job's pass: its time when it succeeded
// (err nil), nothing when it failed.
func (m *Metrics) JobEnded(job string, err error) {
	if err == nil {
		m.jobs.WithLabelValues(job).SetToCurrentTime()
	}
}

// CheckRan records a periodic ngern check: the problems it reported, or
// failed when it could not run.
func (m *Metrics) CheckRan(at time.Time, problems int, failed bool) {
	m.checkLast.Set(float64(at.Unix()))
	m.checkProblems.Set(float64(problems))
	ok := 0.0
	if problems == 0 && !failed {
		ok = 1
	}
	m.checkOK.Set(ok)
}

var _ httpapi.Observer = (*Metrics)(nil)

// healthCollector reads a health snapshot at each scrape.
type healthCollector struct {
	h   health.Reader
	now func() time.Time
	log *slog.Logger
}

func desc(name, help string, labels ...string) *prometheus.Desc {
	return prometheus.NewDesc(prometheus.BuildFQName(Namespace, "", name), help, labels, nil)
}

var (
	descHealthOK       = desc("health_read_ok", "1 when the database's health figures were read at this scrape.")
	descTransfersOpen  = desc("transfers_open", "Transfers to or from a game not yet settled, by state (PENDING, UNKNOWN).", "state")
	descUnknownAge     = desc("transfer_unknown_oldest_age_seconds", "Age of the oldest transfer whose outcome is unknown (0: none).")
	descReconcilerLag  = desc("reconciler_lag_seconds", "How long the oldest open transfer due for a check has waited for the reconciler (0: none due).")
	descQueueSize      = desc("queue_size", "Items waiting in an operator's queue.", "queue")
	descQueueOldestAge = desc("queue_oldest_age_seconds", "Age of the oldest item waiting in a queue (0: empty).", "queue")
	descDeposits       = desc("deposits_last_hour", "Deposits made in the last hour, by method and outcome.", "method", "outcome")
)

func (c *healthCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descHealthOK, descTransfersOpen, descUnknownAge, descReconcilerLag, descQueueSize, descQueueOldestAge, descDeposits} {
		ch <- d
	}
}

func (c *healthCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), HealthTimeout)
	defer cancel()
	now := c.now()
	s, err := c.h.Snapshot(ctx, now, now.Add(-DepositWindow))
	if err != nil {
		c.log.Warn("health figures not read", "err", err)
		ch <- prometheus.MustNewConstMetric(descHealthOK, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(descHealthOK, prometheus.GaugeValue, 1)
	age := func(t time.Time) float64 {
		if t.IsZero() || t.After(now) {
			return 0
		}
		return now.Sub(t).Seconds()
	}
	for state, n := range s.Transfers {
		ch <- prometheus.MustNewConstMetric(descTransfersOpen, prometheus.GaugeValue, float64(n), state)
	}
	ch <- prometheus.MustNewConstMetric(descUnknownAge, prometheus.GaugeValue, age(s.OldestUnknown))
	ch <- prometheus.MustNewConstMetric(descReconcilerLag, prometheus.GaugeValue, age(s.OldestDue))
	for _, q := range s.Queues {
		ch <- prometheus.MustNewConstMetric(descQueueSize, prometheus.GaugeValue, float64(q.Size), q.Name)
		ch <- prometheus.MustNewConstMetric(descQueueOldestAge, prometheus.GaugeValue, age(q.Oldest), q.Name)
	}
	for _, d := range s.Deposits {
		ch <- prometheus.MustNewConstMetric(descDeposits, prometheus.GaugeValue, float64(d.Count), d.Method, d.Outcome)
	}
}
