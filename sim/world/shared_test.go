package world

// worldNames are the shipped worlds copied to shared/erebus/worlds.
var worldNames = []string{"world1", "world2", "room4_small", "NewPassages"}
