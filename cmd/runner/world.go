package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/sim/mapscore"
	"github.com/rescuekit/rescuekit/sim/world"
	"github.com/rescuekit/rescuekit/sim/worldgen"
)

func init() { register(newWorldCmd) }

// newWorldCmd is `runner world`: answer maps, map scores, drawings and
// generated arenas.
func newWorldCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "world",
		Short: "work with Erebus worlds: answer map, map score, drawing, generation",
		Example: `  runner world answer world1.wbt > world1.answer.json
  runner world score world1.answer.json my-map.json
  runner world show world1.wbt --png world1.png
  runner world generate --seed 7 --size 8x6 -o arena.wbt`,
	}
	cmd.AddCommand(newWorldAnswerCmd(), newWorldScoreCmd(), newWorldShowCmd(), newWorldGenerateCmd(), newWorldConvertCmd())
	return cmd
}

// rulesFlagHelp is the help of a --rules flag on a command that loads a
// world: the version a world with neither DEF TARGETGROUP nor DEF HAZARDGROUP
// is played in (world.LoadRules).
const rulesFlagHelp = "Erebus version for a world that has neither DEF TARGETGROUP (v26) nor DEF HAZARDGROUP (v25): v25 or v26 (default v25)"

func newWorldAnswerCmd() *cobra.Command {
	var rules string
	cmd := &cobra.Command{
		Use:   "answer FILE.wbt",
		Short: "print the Erebus answer map of a world as JSON (an array of rows of strings)",
		Long: `answer prints the map matrix the MapAnswer of the world's Erebus version builds:
one JSON array per row of cells ('0' empty, '1' wall, '2' hole, '3' swamp,
'4' checkpoint, '5' start, b/p/r/g/o/y passages, H/S/U victims, F/P/C/O hazards
(v25) or cognitive targets (v26), 'x' obstacles (v26 only), '*' area 4). The
version comes from the world (DEF TARGETGROUP v26.1, DEF HAZARDGROUP v25.0.1),
else from --rules; it is printed on standard error.`,
		Example: `  runner world answer world1.wbt > world1.answer.json
  runner world answer --rules v26 bare.wbt`,
		Args: exactArgs(1, "a world file, e.g. runner world answer world1.wbt"),
		RunE: func(cmd *cobra.Command, args []string) error {
			w, err := world.LoadRules(args[0], rules)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "%s: Erebus %s\n", w.Name, w.GameRules().Version)
			return writeMatrix(cmd.OutOrStdout(), world.Answer(w))
		},
	}
	cmd.Flags().StringVar(&rules, "rules", "", rulesFlagHelp)
	return cmd
}

// writeMatrix writes m as a JSON array with one row per line.
func writeMatrix(out io.Writer, m [][]string) error {
	var b bytes.Buffer
	b.WriteString("[\n")
	for i, row := range m {
		r, err := json.Marshal(row)
		if err != nil {
			return err
		}
		b.WriteString("  ")
		b.Write(r)
		if i < len(m)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]\n")
	_, err := out.Write(b.Bytes())
	return err
}

func newWorldScoreCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "score ANSWER.json SUBMISSION.json",
		Short: "score a submitted map against an answer map as Erebus's MapScorer does (prints 0..1)",
		Long: `score prints the map completeness in [0, 1] that Erebus gives SUBMISSION against
ANSWER: the best of four rotations of the answer, aligned on the first '5'. Both
files hold a JSON array of rows of strings (see runner world answer); either may be a
recording (run --record), which gives its answer as ANSWER and the last map the robot
submitted in it (aligned on the start tile) as SUBMISSION.`,
		Example: `  runner world answer world1.wbt > answer.json
  runner world score answer.json my-map.json
  runner world score game.mcap game.mcap`,
		Args: exactArgs(2, "an answer and a submission file, e.g. runner world score answer.json map.json"),
		RunE: func(cmd *cobra.Command, args []string) error {
			answer, err := matrixArg(args[0], true)
			if err != nil {
				return err
			}
			sub, err := matrixArg(args[1], false)
			if err != nil {
				return err
			}
			s, err := mapscore.Score(answer, sub)
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), strconv.FormatFloat(s, 'g', -1, 64))
			return nil
		},
	}
}

// readMatrix reads a JSON array of rows of strings.
func readMatrix(path string) ([][]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m [][]string
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: want a JSON array of rows of strings, e.g. [[\"1\",\"5\"]]: %v", path, err)
	}
	return m, nil
}

func newWorldShowCmd() *cobra.Command {
	var pngPath, rules, erebusFlag string
	var protos []string
	var asJSON bool
	var px int
	cmd := &cobra.Command{
		Use:   "show FILE.wbt",
		Short: "print a world as ASCII; --png draws it as an image",
		Example: `  runner world show world1.wbt
  runner world show world1.wbt --png world1.png --px 80`,
		Args: exactArgs(1, "a world file, e.g. runner world show world1.wbt"),
		RunE: func(cmd *cobra.Command, args []string) error {
			w, err := loadWorldErebus(args[0], rules, erebusDirOf(erebusFlag), protos...)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "%s: Erebus %s\n", w.Name, w.GameRules().Version)
			for _, warn := range w.Warnings {
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s\n", warn)
			}
			if pngPath != "" {
				var b bytes.Buffer
				if err := world.DrawPNG(&b, w, px); err != nil {
					return err
				}
				if err := os.WriteFile(pngPath, b.Bytes(), 0o644); err != nil {
					return err
				}
			}
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(w)
			}
			_, err = io.WriteString(cmd.OutOrStdout(), world.FormatASCII(w))
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the arena model as JSON (tiles, walls as segments, arcs, obstacles, bounds, signs, fakes, rules, warnings) instead of ASCII")
	cmd.Flags().StringVar(&pngPath, "png", "", "also draw the world into this PNG file")
	cmd.Flags().IntVar(&px, "px", 48, "pixels per tile in the PNG (8..400)")
	cmd.Flags().StringVar(&rules, "rules", "", rulesFlagHelp)
	cmd.Flags().StringVar(&erebusFlag, "erebus", "", "Erebus installation (the folder holding game/; default $"+world.EnvErebus+"): its PROTOs build the prebuilt rooms")
	cmd.Flags().StringArrayVar(&protos, "protos", nil, protosFlagHelp)
	return cmd
}

func newWorldGenerateCmd() *cobra.Command {
	var (
		seed    int64
		size    string
		areas   int
		outPath string
		rules   string
	)
	cmd := &cobra.Command{
		Use:   "generate",
		Short: "generate a random arena that follows the Erebus construction rules, as a .wbt file",
		Long: `generate builds a random arena from a seed (the same seed gives the same file):
areas joined by coloured passage tiles, holes, swamps, checkpoints, victims and
signs on walls, a start tile, every tile reachable from the start. By default it
writes an Erebus v26.1 world: cognitive targets of valid and invalid ring sums
and fake victims; --rules v25 writes a v25.0.1 world with hazmat placards. The
file opens in that version of Erebus and in the embedded simulator.`,
		Example: `  runner world generate --seed 7 --size 8x6 -o arena.wbt
  runner world generate --seed 1 --size 10x10 --areas 4 -o big.wbt
  runner world generate --seed 7 --rules v25 -o arena-v25.wbt`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cols, rows, err := parseSize(size)
			if err != nil {
				return err
			}
			v, err := erebus.ParseVersion(rules)
			if err != nil {
				return err
			}
			w, err := worldgen.Generate(worldgen.Options{Seed: seed, Cols: cols, Rows: rows, Areas: areas, Rules: v})
			if err != nil {
				return err
			}
			var b bytes.Buffer
			if err := worldgen.Write(&b, w); err != nil {
				return err
			}
			if outPath == "" || outPath == "-" {
				_, err = cmd.OutOrStdout().Write(b.Bytes())
				return err
			}
			return os.WriteFile(outPath, b.Bytes(), 0o644)
		},
	}
	cmd.Flags().Int64Var(&seed, "seed", 1, "random seed")
	cmd.Flags().StringVar(&size, "size", "6x6", "arena size COLSxROWS in tiles, each 2..30")
	cmd.Flags().IntVar(&areas, "areas", 0, "number of areas 1..4 (default: by size)")
	cmd.Flags().StringVarP(&outPath, "output", "o", "", "write the .wbt here (default or -: standard output)")
	cmd.Flags().StringVar(&rules, "rules", "v26", "Erebus version of the world: v26 (v26.1) or v25 (v25.0.1)")
	return cmd
}

// parseSize reads "COLSxROWS".
func parseSize(s string) (cols, rows int, err error) {
	a, b, ok := strings.Cut(strings.ToLower(s), "x")
	if ok {
		cols, err = strconv.Atoi(a)
		if err == nil {
			rows, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil || cols <= 0 || rows <= 0 {
		return 0, 0, fmt.Errorf("--size %q: want COLSxROWS, e.g. 8x6", s)
	}
	return cols, rows, nil
}

// exactArgs is cobra.ExactArgs with a usage hint in the error.
func exactArgs(n int, hint string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return fmt.Errorf("%s: want %s", strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" "), hint)
		}
		return nil
	}
}
