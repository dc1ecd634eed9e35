package pluginpb

// Supersede records that x replaces older before a behavior saw older: the
// inbox messages, errors and dropped-step reports of older are prepended to
// x's, in order, so that none is lost when only the newest Observation is
// stepped. It is the contract's one rule for coalescing Observations; the
// SDK's mailbox and the host's send queue both apply it.
func (x *Observation) Supersede(older *Observation) {
	if x == nil || older == nil {
		return
	}
	if len(older.Inbox) > 0 {
		x.Inbox = append(older.Inbox, x.Inbox...)
	}
	if len(older.Errors) > 0 {
		x.Errors = append(older.Errors, x.Errors...)
	}
	if len(older.Dropped) > 0 {
		x.Dropped = append(older.Dropped, x.Dropped...)
	}
}
