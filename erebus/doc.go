// Package erebus is the one home of the Erebus facts rescuekit uses: sign
// kinds and their report letters, tile and wall geometry, scoring constants,
// room multipliers, the default robot's devices, and the rule sets of the
// Erebus versions rescuekit plays (v25.0.1 and v26.1) as values of one type,
// [Rules].
//
// Every fact is written once, here, and says where it comes from: a file and
// line of robocup-junior/erebus (v25.0.1 is commit 497a1e2, v26.1 is 8e56efe)
// or the Webots reference. docs/erebus-rules.md and docs/erebus-v26.md retell
// those rules in the project's words, with the same citations; the comments
// below cite them by section ("rules §1.3" is docs/erebus-rules.md §1.3,
// "v26 §5" is docs/erebus-v26.md §5).
//
// The package imports nothing of the module, so every layer may use it.
package erebus
