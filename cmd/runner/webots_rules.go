package main

import (
	"fmt"

	"github.com/rescuekit/rescuekit/erebus"
)

// webotsRules returns the rule set a game on Webots is checked against: the
// one --rules names, or v26.1, the 2026 season's, when it names none. Erebus's
// supervisor sends the robot nothing that tells its version
// (docs/erebus-v26.md §2: the radio formats are unchanged), so the runner
// cannot find it out itself.
func webotsRules(flag string) (erebus.Rules, error) {
	if flag == "" {
		return erebus.V26Rules, nil
	}
	v, err := erebus.ParseVersion(flag)
	if err != nil {
		return erebus.Rules{}, fmt.Errorf("--rules: %w", err)
	}
	return erebus.RulesFor(v)
}
