package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/record"
)

// recordFlags are run's recording flags.
type recordFlags struct {
	record string // --record FILE.mcap
	png    string // --png OUT.png
}

func (f *recordFlags) add(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.record, "record", "", "record the game as MCAP into FILE.mcap (open it in Foxglove or Rerun, or with `runner replay`; docs/recording.md)")
	fl.StringVar(&f.png, "png", "", "draw one picture of the game into OUT.png: the arena, the path, the reports and the map's errors")
}

// start starts the recording the flags ask for, or returns nil. relaunch
// rebuilds o's launcher on the teed logger, so that plugin logs reach the
// recording.
func (f *recordFlags) start(o *game.Options, relaunch func(*game.Options)) (*recorder, error) {
	if f.record == "" && f.png == "" {
		return nil, nil
	}
	rc, err := newRecorder(f.record, o, string(o.World.GameRules().Version))
	if err != nil {
		return nil, err
	}
	if !rc.light && relaunch != nil {
		relaunch(o)
	}
	return rc, nil
}

// finish closes the recording and draws the picture; errw hears where they
// went.
func (f *recordFlags) finish(rc *recorder, errw io.Writer) error {
	if rc == nil {
		return nil
	}
	if err := rc.Close(); err != nil {
		return fmt.Errorf("recording: %w", err)
	}
	if f.record != "" {
		fmt.Fprintf(errw, "recorded %d steps into %s (replay: runner replay %s)\n", rc.steps, f.record, f.record)
	}
	if f.png == "" {
		return nil
	}
	rec, err := rc.recording()
	if rec == nil {
		return fmt.Errorf("reading the recording back: %w", err)
	}
	return writePNGFile(f.png, rec)
}

// writePNGFile draws rec into path.
func writePNGFile(path string, rec *record.Recording) error {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := record.WritePNG(out, rec, record.PNGOptions{}); err != nil {
		_ = out.Close()
		return err
	}
	return out.Close()
}
