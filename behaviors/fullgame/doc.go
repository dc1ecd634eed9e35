// Package fullgame holds no code: its tests play whole games on the
// embedded simulator with all four built-in behaviors (explore,
// victimdetect, report, exit), on small worlds that each show one way the
// behaviors failed on real Erebus worlds they were not developed on.
package fullgame
