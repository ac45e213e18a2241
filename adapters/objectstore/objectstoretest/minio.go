// Package objectstoretest runs a real MinIO server for tests of the
// object store and of what stores objects through it.
package objectstoretest

import (
	"bytes"
	"fmt"
	"go/build"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// MinIO credentials of the test server.
const (
	AccessKey = "ngerntest"
	SecretKey = "ngerntest-secret"
)

// StartMinIO runs a MinIO server on loopback for the test and returns its
// address. The binary is NGERN_TEST_MINIO_BIN, or minio on PATH, or in
// GOPATH/bin (where .ci/run installs it); without one the test is skipped
// (failed under CI).
func StartMinIO(t *testing.T) string {
	t.Helper()
	bin := os.Getenv("NGERN_TEST_MINIO_BIN")
	if bin == "" {
		if p, err := exec.LookPath("minio"); err == nil {
			bin = p
		} else if p := filepath.Join(build.Default.GOPATH, "bin", "minio"); fileExists(p) {
			bin = p
		}
	}
	if bin == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("MinIO server binary not found; .ci/run installs it")
		}
		t.Skip("MinIO server binary not found (set NGERN_TEST_MINIO_BIN)")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(bin, "server", "--quiet", "--address", addr, "--console-address", "127.0.0.1:0", t.TempDir())
	cmd.Env = append(os.Environ(), "MINIO_ROOT_USER="+AccessKey, "MINIO_ROOT_PASSWORD="+SecretKey,
		"MINIO_BROWSER=off", "MINIO_UPDATE=off", "MINIO_CI_CD=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }) // killed: Wait reports the signal
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		// The cluster check answers 200 only once the object layer, the
		// bucket metadata and IAM are up; the liveness check answers before
		// (and the first calls then fail "Server not initialized yet").
		resp, err := http.Get(fmt.Sprintf("http://%s/minio/health/cluster", addr))
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return addr
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("MinIO did not start: %s", out.String())
	return ""
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
