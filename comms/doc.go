// Package comms is the Erebus packet codec and the robot-side rule gate.
//
// Erebus robots talk to the MainSupervisor over a Webots radio channel with
// raw byte packets built by Python's struct module in native mode (on x86:
// little-endian, C alignment). The supervisor tells packets apart by their
// total length alone (docs/erebus-rules.md §1.2):
//
//   - 1 byte: a command, 'M' (evaluate the map), 'L' (lack of progress),
//     'G' (game info request), 'E' (exit);
//   - 9 bytes: a victim or hazard report 'i i c' = int32 x cm, int32 z cm,
//     one type byte;
//   - any other length: map data, '2i' rows, cols, then the cells as UTF-8
//     joined by ','.
//
// The supervisor answers with 'L' (1 byte, after a relocation) and with the
// game info 'c f i i' (16 bytes; 12 bytes before Erebus v24).
//
// Encode and DecodeRobot are the robot-to-supervisor codec; DecodeRobot
// reproduces the supervisor's quirks so that the embedded referee reads
// exactly what Erebus would read. EncodeInbound and DecodeSupervisor are the
// supervisor-to-robot codec. Every encoding is checked byte for byte against
// packets.json, which CPython's struct produced.
//
// Gate sits between the robot's behaviors and its emitter: it refuses every
// message the supervisor would drop, misread, crash on or punish, with a
// *RefusalError naming the rule and saying what to do, and it paces the
// accepted packets to one per 16 ms supervisor step, in order.
//
// The packets are the same in Erebus v25.0.1 and v26.1 (docs/erebus-v26.md §2), and so
// are the report letters; GateConfig.Rules tells the gate which version it
// talks to, for what differs around them (the map legend's 'x', the hints).
package comms
