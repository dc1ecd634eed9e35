package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/sim"
)

func init() { register(newRobotCmd) }

// newRobotCmd is `runner robot`: the simulated robot.
func newRobotCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "robot",
		Short: "show the robot the embedded simulator drives",
		Example: `  runner robot describe
  runner robot describe --robot my-robot.json --json`,
	}
	cmd.AddCommand(newRobotDescribeCmd())
	return cmd
}

func newRobotDescribeCmd() *cobra.Command {
	var robotJSON, rules string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "describe",
		Short: "print every device of the robot: node, name, position, rotation and parameters",
		Long: `describe prints the robot as the embedded simulator builds it, device for device:
the default Erebus robot (E-puck-custom-default-FLU.proto) or, with --robot, a robot
from the Erebus robot-customiser JSON built as Erebus's ProtoGenerator builds it.
Positions are metres in the robot frame (forward −z, +x right, +y up), rotations
Webots axis-angle (x y z angle).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			v, err := erebus.ParseVersion(rules)
			if err != nil {
				return fmt.Errorf("--rules: %w", err)
			}
			r, err := erebus.RulesFor(v)
			if err != nil {
				return err
			}
			spec := sim.DefaultRobotFor(r)
			if robotJSON != "" {
				b, err := os.ReadFile(robotJSON)
				if err != nil {
					return fmt.Errorf("--robot: %w", err)
				}
				if spec, err = sim.ParseRobotJSON(b); err != nil {
					return fmt.Errorf("--robot %s: %w", robotJSON, err)
				}
			}
			d := sim.Describe(spec)
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(d)
			}
			return writeRobot(cmd.OutOrStdout(), d)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&robotJSON, "robot", "", "Erebus robot-customiser JSON (default: the default Erebus robot)")
	fl.StringVar(&rules, "rules", "v25", "Erebus version whose default robot to describe: v25 or v26 (v26.1's GPS has 2.5 mm accuracy)")
	fl.BoolVar(&asJSON, "json", false, "print the description as JSON")
	return cmd
}

// writeRobot prints d as a table, one device a line.
func writeRobot(out io.Writer, d sim.RobotDescription) error {
	fmt.Fprintf(out, "body radius %g m (collision shape reaches %g m), wheels %g m, max %g rad/s\n\n", d.BodyRadius, d.Reach, d.WheelRadius, d.MaxVelocity)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NODE\tNAME\tTRANSLATION\tROTATION\tPARAMETERS")
	for _, dev := range d.Devices {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", dev.Node, dev.Name, nums(dev.Translation[:]), nums(dev.Rotation[:]), params(dev))
	}
	return tw.Flush()
}

func nums(v []float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprintf("%.6g", x)
	}
	return strings.Join(s, " ")
}

// params is the parameters of a device that apply to its node.
func params(d sim.DeviceDescription) string {
	var p []string
	add := func(f string, a ...any) { p = append(p, fmt.Sprintf(f, a...)) }
	if d.Type != "" {
		add("type %s", d.Type)
	}
	if len(d.LookupTable) > 0 {
		var rows []string
		for _, r := range d.LookupTable {
			rows = append(rows, nums(r[:]))
		}
		add("lookupTable [%s]", strings.Join(rows, ", "))
	}
	if d.Width > 0 {
		add("%d×%d fov %g", d.Width, d.Height, d.FieldOfView)
		if d.Near > 0 {
			add("near %g", d.Near)
		}
	}
	if d.Accuracy != nil {
		add("accuracy %g", *d.Accuracy)
	}
	if d.YawIndex != nil {
		add("up axis = values[%d]", *d.YawIndex)
	}
	if d.AtRest != nil {
		add("at rest %s", nums(d.AtRest[:]))
	}
	if d.MaxVelocity > 0 {
		add("maxVelocity %g", d.MaxVelocity)
	}
	if d.Resolution > 0 {
		add("resolution %g", d.Resolution)
	}
	if d.Lidar != nil {
		add("%d×%d fov %g/%g range %g…%g", d.Lidar.HorizontalResolution, d.Lidar.NumberOfLayers, d.Lidar.FOV, d.Lidar.VerticalFOV, d.Lidar.MinRange, d.Lidar.MaxRange)
	}
	if d.Channel != nil {
		add("channel %d", *d.Channel)
	}
	for _, c := range d.Colors {
		add("color %s", nums(c[:]))
	}
	if d.BoundingSphere > 0 {
		add("sphere %g", d.BoundingSphere)
	}
	return strings.Join(p, "; ")
}
