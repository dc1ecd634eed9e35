package main

import (
	"fmt"
	"io"

	"github.com/rescuekit/rescuekit/framework"
)

// printNotices prints the run's notices (framework.Notice), each once with
// what to do, or nothing when there are none.
func printNotices(w io.Writer, s framework.Summary) {
	if len(s.Notices) == 0 {
		return
	}
	fmt.Fprintf(w, "notices (%d): what went wrong without stopping the game\n", len(s.Notices))
	for _, n := range s.Notices {
		who := "robot"
		if n.Plugin != "" {
			who = "plugin " + n.Plugin
		}
		times := ""
		if n.Count > 1 {
			times = fmt.Sprintf(" (%d times, first at %.1f s)", n.Count, n.FirstTime)
		}
		fmt.Fprintf(w, "  %s, %s: %s%s\n    do: %s\n", n.Kind, who, n.What, times, n.Do)
	}
}
