package objectstore

import (
	"bytes"
	"context"
	"fmt"
	"go/build"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"ngern/core/errs"
	"ngern/core/objects"
)

// conformance is what every objects.Store must do.
func conformance(t *testing.T, s objects.Store) {
	ctx := context.Background()
	data := []byte("\x89PNG fake image bytes")
	t.Run("PutGet", func(t *testing.T) {
		if err := s.Put(ctx, "slips/2026/ab12.png", bytes.NewReader(data), int64(len(data)), "image/png"); err != nil {
			t.Fatal(err)
		}
		rc, info, err := s.Get(ctx, "slips/2026/ab12.png")
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		got, _ := io.ReadAll(rc)
		if !bytes.Equal(got, data) || info.Size != int64(len(data)) || info.ContentType != "image/png" {
			t.Fatalf("got %q %+v", got, info)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		if _, _, err := s.Get(ctx, "slips/missing.png"); !errs.HasCode(err, errs.NotFoundCode) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("ErrBadKey", func(t *testing.T) {
		for _, key := range []string{"../etc/passwd", "/abs", "a/../../b", ".hidden", "A/Upper"} {
			if err := s.Put(ctx, key, bytes.NewReader(data), int64(len(data)), "image/png"); err == nil {
				t.Errorf("key %q accepted", key)
			}
		}
	})
	t.Run("Delete", func(t *testing.T) {
		if err := s.Delete(ctx, "slips/2026/ab12.png"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Get(ctx, "slips/2026/ab12.png"); !errs.HasCode(err, errs.NotFoundCode) {
			t.Fatalf("after delete: %v", err)
		}
		if err := s.Delete(ctx, "slips/2026/ab12.png"); err != nil {
			t.Fatalf("second delete: %v", err)
		}
	})
}

func TestLocal(t *testing.T) {
	s, err := NewLocal(filepath.Join(t.TempDir(), "objects"))
	if err != nil {
		t.Fatal(err)
	}
	conformance(t, s)
}

func TestMinIO(t *testing.T) {
	endpoint := startMinIO(t)
	s, err := NewMinIO(context.Background(), MinIOConfig{Endpoint: endpoint, AccessKey: "ngerntest", SecretKey: "ngerntest-secret", Bucket: "ngern-test"})
	if err != nil {
		t.Fatal(err)
	}
	conformance(t, s)
}

// startMinIO runs a MinIO server on loopback for the test. The binary is
// NGERN_TEST_MINIO_BIN, or minio on PATH, or in GOPATH/bin (where .ci/run
// installs it).
func startMinIO(t *testing.T) string {
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
	cmd.Env = append(os.Environ(), "MINIO_ROOT_USER=ngerntest", "MINIO_ROOT_PASSWORD=ngerntest-secret",
		"MINIO_BROWSER=off", "MINIO_UPDATE=off", "MINIO_CI_CD=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(fmt.Sprintf("http://%s/minio/health/live", addr))
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
