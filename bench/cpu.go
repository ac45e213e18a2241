package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// cpuUse is CPU time spent so far: by this process (the server and the
// load generator), and by every PostgreSQL process of this machine (its
// backends included) as /proc shows them. PostgreSQL's figure is zero where
// /proc cannot be read (another OS, a database on another host).
type cpuUse struct {
	self, postgres time.Duration
}

func cpuNow() cpuUse {
	var u cpuUse
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		u.self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	u.postgres = processCPU("postgres")
	return u
}

func (u cpuUse) since(before cpuUse) cpuUse {
	return cpuUse{self: u.self - before.self, postgres: u.postgres - before.postgres}
}

// clockTick is USER_HZ, the unit of /proc/<pid>/stat's times (100 on
// every Linux architecture Go runs on).
const clockTick = 100

// processCPU sums the user and system time of the processes named comm,
// with that of their children that have ended (PostgreSQL's postmaster
// reaps its backends: pgbench's connections end with each run).
func processCPU(comm string) time.Duration {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var ticks int64
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		s := string(b)
		open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || close < open || s[open+1:close] != comm {
			continue
		}
		// After the name: state (field 3), then 4…; utime, stime, cutime and
		// cstime are fields 14 to 17.
		fields := strings.Fields(s[close+1:])
		if len(fields) < 15 {
			continue
		}
		for _, f := range fields[11:15] {
			n, _ := strconv.ParseInt(f, 10, 64)
			ticks += n
		}
	}
	return time.Duration(ticks) * time.Second / clockTick
}
