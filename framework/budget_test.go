package framework

import "testing"

func TestBudgetNote(t *testing.T) {
	lock := func(ps map[string]PluginStats) Summary { return Summary{Mode: ModeLockstep, BudgetMs: 8, Plugins: ps} }
	real := func(ps map[string]PluginStats) Summary { return Summary{Mode: ModeRealtime, BudgetMs: 8, Plugins: ps} }
	for _, tt := range []struct {
		name string
		sum  Summary
		want string
	}{
		{"none", lock(map[string]PluginStats{"explore": {Steps: 100}}), ""},
		{"no plugins", lock(nil), ""},
		{"one over budget", lock(map[string]PluginStats{"explore": {Steps: 3379, OverBudget: 37}, "exit": {Steps: 10}}),
			"explore exceeded its 8 ms budget in 37 of 3379 steps: on Webots those steps get a safe action"},
		{"two, by name", lock(map[string]PluginStats{"report": {Steps: 500, OverBudget: 2}, "explore": {Steps: 3378, Hangs: 1, OverBudget: 37}}),
			"explore exceeded its 8 ms budget in 37 of 3379 steps, report in 2 of 500: on Webots those steps get a safe action"},
		{"real time counts misses", real(map[string]PluginStats{"explore": {Steps: 90, Misses: 10, OverBudget: 0}}),
			"explore missed its 8 ms deadline in 10 of 100 steps: those steps got a safe action"},
		{"real time ignores over budget", real(map[string]PluginStats{"explore": {Steps: 90, OverBudget: 3}}), ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := budgetNote(tt.sum); got != tt.want {
				t.Errorf("budgetNote = %q\nwant          %q", got, tt.want)
			}
		})
	}
}
