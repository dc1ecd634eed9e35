package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/record"
)

func init() { register(newReplayCmd) }

type replayFlags struct {
	html, png, addr string
	profile         bool
}

func newReplayCmd() *cobra.Command {
	var f replayFlags
	cmd := &cobra.Command{
		Use:   "replay FILE.mcap",
		Short: "show a recorded game: a replay page (served or written) or one picture",
		Long: `replay reads a recording made with run --record or eval --record and shows it as a self-contained
page: the arena from above with the robot's path, a time slider and play button, the robot's map
against the answer cell by cell, every report with its outcome, the score over time, the FSM states
and the camera frames. With --html it writes the page, with --png one picture of the game; with
neither it serves the page on --addr (localhost only by default) until Ctrl-C.

--profile prints, instead of serving the page, where the game's simulated time went per FSM state:
driving at full speed (70% of the default robot's top speed, 0.126 m/s, or more), driving slower,
turning on the spot (under a sixth of it), standing, and relocations, from the recorded true poses.

A recording cut short (the game was killed) is shown to its last complete step. Foxglove and Rerun
open the same file (docs/recording.md).`,
		Example: `  runner replay game.mcap
  runner replay game.mcap --html game.html --png game.png
  runner replay game.mcap --addr localhost:9000
  runner replay game.mcap --profile`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runReplay(cmd, args[0], &f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.html, "html", "", "write the replay page into OUT.html")
	fl.StringVar(&f.png, "png", "", "write one picture of the game into OUT.png")
	fl.StringVar(&f.addr, "addr", "localhost:8765", "address to serve the page on when neither --html nor --png is given")
	fl.BoolVar(&f.profile, "profile", false, "print where the game's time went per FSM state (driving, turning on the spot, standing) and serve no page")
	return cmd
}

// readRecording reads the recording at path; a file cut short is read to
// its last complete step, with a note on errw.
func readRecording(path string, errw io.Writer) (*record.Recording, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rec, err := record.Read(f)
	if rec == nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if errors.Is(err, record.ErrTruncated) {
		fmt.Fprintf(errw, "%s: the game was cut short; showing its %d complete steps\n", path, len(rec.Steps))
	} else if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if rec.Arena == nil {
		return nil, fmt.Errorf("%s: not a rescuekit recording (no arena)", path)
	}
	return rec, nil
}

func runReplay(cmd *cobra.Command, path string, f *replayFlags) error {
	rec, err := readRecording(path, cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	if f.profile {
		if err := record.WriteTimeProfile(cmd.OutOrStdout(), record.TimeProfile(rec)); err != nil {
			return err
		}
	}
	if f.png != "" {
		if err := writePNGFile(f.png, rec); err != nil {
			return fmt.Errorf("--png: %w", err)
		}
	}
	if f.html != "" {
		var buf bytes.Buffer
		if err := record.WriteHTML(&buf, rec, record.HTMLOptions{}); err != nil {
			return err
		}
		if err := os.WriteFile(f.html, buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("--html: %w", err)
		}
	}
	if f.png != "" || f.html != "" || f.profile {
		return nil
	}
	var page bytes.Buffer
	if err := record.WriteHTML(&page, rec, record.HTMLOptions{}); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serveReplay(ctx, f.addr, page.Bytes(), func(url string) {
		fmt.Fprintf(cmd.OutOrStdout(), "replay of %s on %s (Ctrl-C to stop)\n", path, url)
	})
}

// serveReplay serves page at addr until ctx ends; ready hears the URL once
// the server listens.
func serveReplay(ctx context.Context, addr string, page []byte, ready func(url string)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--addr: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(page)
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	ready("http://" + ln.Addr().String() + "/")
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		return srv.Shutdown(sctx)
	case err := <-errc:
		return err
	}
}

// matrixArg reads a matrix argument of `world score`: a JSON file, or a
// recording (by its .mcap name), whose answer (answer true) or last map
// submitted is taken.
func matrixArg(path string, answer bool) ([][]string, error) {
	if filepath.Ext(path) != ".mcap" {
		return readMatrix(path)
	}
	rec, err := readRecording(path, io.Discard)
	if err != nil {
		return nil, err
	}
	if answer {
		if rec.Answer == nil {
			return nil, fmt.Errorf("%s: the recording holds no answer map", path)
		}
		return rec.Answer, nil
	}
	if len(rec.Maps) == 0 {
		return nil, fmt.Errorf("%s: the robot submitted no map in this recording", path)
	}
	return rec.Maps[len(rec.Maps)-1].Cells, nil
}
