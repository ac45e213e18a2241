package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"go.uber.org/fx"

	"ngern/core/chat"
	"ngern/core/objects"
)

// runChatTool runs `ngern chat …` on the configured database.
func runChatTool(cfg Config, args []string, stdout, stderr io.Writer) int {
	var c *chat.Service
	var files objects.Store
	app := fx.New(fx.NopLogger, Core(cfg, stderr), fx.Populate(&c, &files))
	if err := app.Err(); err != nil {
		fmt.Fprintln(stderr, "start:", err)
		return 1
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	if err := app.Start(ctx); err != nil {
		fmt.Fprintln(stderr, "start:", err)
		return 1
	}
	defer func() { _ = app.Stop(context.Background()) }() // the command's outcome is already decided
	if err := runChat(ctx, c, files, args, stdout); err != nil {
		fmt.Fprintln(stderr, "chat:", err)
		return 1
	}
	return 0
}

// runChat is `ngern chat purge-guests`: delete now the guests the hourly
// job would (no message for NGERN_CHAT_GUEST_RETENTION, 30 days).
func runChat(ctx context.Context, c *chat.Service, files objects.Store, args []string, stdout io.Writer) error {
	if len(args) != 1 || args[0] != "purge-guests" {
		return errors.New("usage: ngern chat purge-guests")
	}
	n, err := c.PurgeGuests(ctx, files)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d chat guests purged\n", n)
	return nil
}
