package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/internal/evalplan"
)

type mergeFlags struct {
	json         bool
	timings      bool
	allowMissing bool
}

func newEvalMergeCmd() *cobra.Command {
	var f mergeFlags
	cmd := &cobra.Command{
		Use:   "merge FILES...",
		Short: "merge the records of an eval's shards into the table (or JSON) of the whole eval",
		Long: `merge reads the JSON Lines records that ` + "`runner eval --shard I/N --out FILE`" + ` wrote and prints
the table (or, with --json, the JSON) the same eval would print unsharded: the same bytes, since in
lockstep a game depends only on its seed, world, robot, config and plugin binaries (the timings below
the table are those measured by the shards; --timings=false leaves them out).

It refuses records of different builds (runner or plugin binaries), configs, eval settings, world
sets or plans, and when games are missing (a shard failed, was killed or was not given) it names
them and the shard to replay with --resume, and exits with an error unless --allow-missing.`,
		Example: `  runner eval merge results/shard-*.jsonl
  runner eval merge --json results/*.jsonl > eval.json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			recs := make([]*evalplan.Record, 0, len(args))
			for _, p := range args {
				r, err := evalplan.Read(p)
				if err != nil {
					return err
				}
				if r.Torn {
					fmt.Fprintf(cmd.ErrOrStderr(), "runner: %s ends in a partial line (its shard was killed while writing): dropped\n", p)
				}
				recs = append(recs, r)
			}
			m, err := evalplan.Merge(recs)
			if err != nil {
				return err
			}
			note := ""
			if len(m.Missing) > 0 {
				fmt.Fprint(cmd.ErrOrStderr(), m.MissingReport(20))
				if !f.allowMissing {
					return fmt.Errorf("%d of %d games missing (listed above): replay them, or give --allow-missing for the table of the others", len(m.Missing), m.Header.Plan.Total())
				}
				note = fmt.Sprintf("partial: %d of %d games (%d missing)", len(m.Games), m.Header.Plan.Total(), len(m.Missing))
			}
			return evalReport(cmd.OutOrStdout(), m.Header, m.Games, reportOptions{json: f.json, timings: f.timings, note: note})
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&f.json, "json", false, "print every game's result and the table as JSON")
	fl.BoolVar(&f.timings, "timings", true, "print the timings the shards measured; false: the table and JSON depend on the games alone")
	fl.BoolVar(&f.allowMissing, "allow-missing", false, "print the table of the games there are when some are missing")
	return cmd
}
