package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/sim/world"
)

// newWorldConvertCmd is `runner world convert`: a v25.0.1 world to v26.1.
func newWorldConvertCmd() *cobra.Command {
	var (
		to      string
		fakes   float64
		seed    int64
		outPath string
	)
	cmd := &cobra.Command{
		Use:   "convert WORLD.wbt --to v26",
		Short: "convert an Erebus v25.0.1 world to v26.1 as Erebus's conversion scripts do, seeded",
		Long: `convert rewrites a v25.0.1 world as v26.1, the way Erebus's
scripts/update_maps_to_2026.py does: HazardMap nodes become CognitiveTarget
nodes in a DEF TARGETGROUP, and each hazard letter a random five-ring code
whose ring sum is that letter (the same report letters, so the same answer
map). With --fakes P each victim becomes a fake victim with probability P, as
scripts/update_maps_with_fakes.py does with P 0.5. Erebus's scripts are
unseeded (Python's random): each run gives another world; here the same --seed
gives the same file.`,
		Example: `  runner world convert world1.wbt --to v26 -o world1-v26.wbt
  runner world convert world1.wbt --to v26 --fakes 0.5 --seed 3 -o world1-fakes.wbt`,
		Args: exactArgs(1, "a v25 world file, e.g. runner world convert world1.wbt --to v26"),
		RunE: func(cmd *cobra.Command, args []string) error {
			v, err := erebus.ParseVersion(to)
			if err != nil {
				return err
			}
			if v != erebus.V26 {
				return fmt.Errorf("--to %s: only v26 (v26.1) is a conversion target", to)
			}
			src, err := os.ReadFile(args[0])
			if err != nil {
				return err
			}
			out, err := world.ConvertToV26(src, world.ConvertOptions{Fakes: fakes, Seed: seed})
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			if outPath == "" || outPath == "-" {
				_, err = cmd.OutOrStdout().Write(out)
				return err
			}
			return os.WriteFile(outPath, out, 0o644)
		},
	}
	cmd.Flags().StringVar(&to, "to", "v26", "Erebus version to convert to: v26 (v26.1)")
	cmd.Flags().Float64Var(&fakes, "fakes", 0, "probability (0..1) that a victim becomes a fake victim (Erebus's script: 0.5)")
	cmd.Flags().Int64Var(&seed, "seed", 1, "random seed of the target codes and the fakes")
	cmd.Flags().StringVarP(&outPath, "output", "o", "", "write the .wbt here (default or -: standard output)")
	return cmd
}
