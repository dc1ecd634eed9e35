package erebus

// How Erebus runs a team's controller (docs/erebus-rules.md §6).
const (
	// ControllerName is the name an uploaded controller is saved under,
	// game/controllers/robot0Controller/robot0Controller.<ext>
	// (ControllerUploader.py l.131-135).
	ControllerName = "robot0Controller"
	// ExternPort is the TCP port of a remote (extern) controller's
	// connection, which Erebus's Docker route passes to webots-controller
	// (erebus-dockerfiles; docs/erebus-rules.md §6).
	ExternPort = 1234
)
