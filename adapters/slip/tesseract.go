package slip

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"ngern/core/deposit"
)

// Tesseract reads a slip's printed fields with the Tesseract OCR engine's
// command (Debian's tesseract-ocr with the tesseract-ocr-tha model): the
// image goes to `tesseract stdin stdout -l tha+eng --psm 4` on its standard
// input, the text it prints is parsed by deposit.ParseSlipText. The command
// rather than the library: no cgo in the one static binary, a crash or a
// runaway page stays in its own process, which the timeout kills, and the
// engine is the packaged one, upgraded by the OS.
type Tesseract struct {
	cmd     string
	langs   string
	timeout time.Duration
}

// TesseractConfig configures the adapter.
type TesseractConfig struct {
	// Command is the engine's command (default "tesseract", looked up in
	// PATH). Tests point it at a fake.
	Command string
	// Timeout bounds one reading (default 20 s); the process is killed
	// when it passes.
	Timeout time.Duration
}

// TesseractLangs are the models a reading uses; both must be installed.
const TesseractLangs = "tha+eng"

// The engine's output kept at most (a slip prints well under 2 KB), and
// what the availability check waits.
const (
	maxOCRText   = 64 << 10
	probeTimeout = 10 * time.Second
)

var _ deposit.SlipOCR = (*Tesseract)(nil)

// NewTesseract checks that the engine runs and has the Thai and English
// models, and returns the adapter; an error says why OCR is off.
func NewTesseract(ctx context.Context, cfg TesseractConfig) (*Tesseract, error) {
	if cfg.Command == "" {
		cfg.Command = "tesseract"
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 20 * time.Second
	}
	path, err := exec.LookPath(cfg.Command)
	if err != nil {
		return nil, fmt.Errorf("tesseract: not installed (%s)", cfg.Command)
	}
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	c := exec.CommandContext(ctx, path, "--list-langs")
	out := &capped{max: maxOCRText}
	c.Stdout, c.Stderr = out, out // some versions list on stderr
	if err := c.Run(); err != nil {
		return nil, fmt.Errorf("tesseract: --list-langs: %v", err)
	}
	have := map[string]bool{}
	for _, l := range strings.Fields(out.String()) {
		have[l] = true
	}
	for _, l := range strings.Split(TesseractLangs, "+") {
		if !have[l] {
			return nil, fmt.Errorf("tesseract: the %q model is not installed (Debian: tesseract-ocr-%s)", l, l)
		}
	}
	return &Tesseract{cmd: path, langs: TesseractLangs, timeout: cfg.Timeout}, nil
}

// ReadSlip implements deposit.SlipOCR. The image is sniffed again
// (deposit.CheckImage: JPEG, PNG or WebP by content, within the size and
// pixel limits) before it reaches the engine.
func (t *Tesseract) ReadSlip(ctx context.Context, image []byte) (deposit.SlipReading, error) {
	if _, err := deposit.CheckImage(image, 0); err != nil {
		return deposit.SlipReading{}, fmt.Errorf("tesseract: not a slip image: %w", deposit.ErrNoText)
	}
	ctx, cancel := context.WithTimeout(ctx, t.timeout)
	defer cancel()
	c := exec.CommandContext(ctx, t.cmd, "stdin", "stdout", "-l", t.langs, "--psm", "4")
	// One thread per reading: the node's slip gate already bounds how many
	// run at once, and OpenMP threads would fight over the same cores.
	c.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	c.Stdin = bytes.NewReader(image)
	out, errOut := &capped{max: maxOCRText}, &capped{max: 512}
	c.Stdout, c.Stderr = out, errOut
	c.WaitDelay = time.Second
	if err := c.Run(); err != nil {
		if ctx.Err() != nil {
			return deposit.SlipReading{}, fmt.Errorf("tesseract: %w", ctx.Err())
		}
		// The engine's own message, never the text it read.
		return deposit.SlipReading{}, fmt.Errorf("tesseract: %v: %s", err, firstLine(errOut.String()))
	}
	r := deposit.ParseSlipText(out.String())
	if !r.Found.Any() {
		return r, fmt.Errorf("tesseract: %w", deposit.ErrNoText)
	}
	return r, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// capped keeps the first max bytes written to it and drops the rest
// without failing the writer (the engine is not cut off mid-page).
type capped struct {
	buf bytes.Buffer
	max int
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

func (c *capped) String() string { return c.buf.String() }
