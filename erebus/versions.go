package erebus

// Versions lists the Erebus releases rescuekit plays, oldest first.
var Versions = []Version{V25, V26}
