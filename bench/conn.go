package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"
)

// lean is the load generator's HTTP/1.1 client: one kept-alive connection
// per worker, requests written whole and answers read by Content-Length.
// pgbench is a lean C client of PostgreSQL; net/http's client, with its
// two goroutines and a pool per connection, spent about a quarter of the
// bench process's CPU on the home screen, on the same two cores as the
// server it measures.
type lean struct {
	addr  string // host:port
	mu    sync.Mutex
	conns map[int]*leanConn
}

type leanConn struct {
	c  net.Conn
	r  *bufio.Reader
	wb []byte
	rb []byte // the answer's body, when a request wants part of it
}

func newLean(base string) *lean {
	return &lean{addr: strings.TrimPrefix(base, "http://"), conns: map[int]*leanConn{}}
}

// do sends one request on worker w's connection and checks the status.
func (l *lean) do(w int, method, path, token, body string, status int) error {
	headers := ""
	if token != "" {
		headers = "Authorization: Bearer " + token + "\r\n"
	}
	return l.send(w, method, path, headers, body, status, nil)
}

// send is do with raw header lines (each ending in CRLF) and, unless want
// is nil, an answer body that must contain want (a status the protocol
// answers with 200 too).
func (l *lean) send(w int, method, path, headers, body string, status int, want []byte) error {
	l.mu.Lock()
	c := l.conns[w]
	l.mu.Unlock()
	if c == nil {
		nc, err := net.DialTimeout("tcp", l.addr, 10*time.Second)
		if err != nil {
			return err
		}
		c = &leanConn{c: nc, r: bufio.NewReaderSize(nc, 16<<10)}
		l.mu.Lock()
		l.conns[w] = c
		l.mu.Unlock()
	}
	err := c.roundTrip(l.addr, method, path, headers, body, status, want)
	if err != nil {
		c.c.Close()
		l.mu.Lock()
		delete(l.conns, w)
		l.mu.Unlock()
	}
	return err
}

func (c *leanConn) roundTrip(host, method, path, headers, body string, status int, want []byte) error {
	b := c.wb[:0]
	b = append(b, method...)
	b = append(b, ' ')
	b = append(b, path...)
	b = append(b, " HTTP/1.1\r\nHost: "...)
	b = append(b, host...)
	b = append(b, "\r\nContent-Type: application/json\r\n"...)
	b = append(b, headers...)
	b = append(b, "Content-Length: "...)
	b = strconv.AppendInt(b, int64(len(body)), 10)
	b = append(b, "\r\n\r\n"...)
	b = append(b, body...)
	c.wb = b
	_ = c.c.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := c.c.Write(b); err != nil {
		return err
	}
	line, err := c.r.ReadSlice('\n')
	if err != nil {
		return err
	}
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.1 ")) {
		return fmt.Errorf("bad status line %q", line)
	}
	got, _ := strconv.Atoi(string(line[9:12]))
	length := -1
	for {
		h, err := c.r.ReadSlice('\n')
		if err != nil {
			return err
		}
		if len(h) <= 2 {
			break
		}
		if k, v, ok := bytes.Cut(h, []byte(":")); ok && bytes.EqualFold(k, []byte("Content-Length")) {
			length, _ = strconv.Atoi(string(bytes.TrimSpace(v)))
		}
	}
	if length < 0 {
		return fmt.Errorf("%s %s: answer without Content-Length", method, path)
	}
	var buf [512]byte
	first := c.rb[:0]
	for length > 0 {
		n, err := c.r.Read(buf[:min(length, len(buf))])
		if got != status || want != nil {
			first = append(first, buf[:n]...)
		}
		length -= n
		if err != nil && length > 0 {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return err
		}
	}
	c.rb = first
	if got != status {
		return fmt.Errorf("%s %s: %d %s", method, path, got, bytes.TrimSpace(first[:min(len(first), 512)]))
	}
	if want != nil && !bytes.Contains(first, want) {
		return fmt.Errorf("%s %s: %s", method, path, bytes.TrimSpace(first))
	}
	return nil
}

func (l *lean) close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.conns {
		c.c.Close()
	}
}
