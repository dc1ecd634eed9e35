package erebus

// CustomCameraNear is the near plane (m) ProtoGenerator.generate_robot_proto
// writes for every camera of a customised robot, custom size or the spawned
// 64×40 (../shared/erebus/RULES.md §5 "Custom robot JSON"), where the
// default robot's proto has CameraNear.
const CustomCameraNear = 0.0045
