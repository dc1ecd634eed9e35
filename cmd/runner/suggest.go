package main

import "github.com/rescuekit/rescuekit/framework"

// didYouMean is framework.DidYouMean.
func didYouMean(name string, candidates []string) string {
	return framework.DidYouMean(name, candidates)
}
