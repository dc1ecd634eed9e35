// Package sim is rescuekit's embedded simulator: a deterministic 2-D
// kinematic model of one robot in an Erebus arena (package sim/world), with
// the robot's sensors rendered from the arena geometry. A *Sim implements
// hal.Robot, so a controller cannot tell it from Webots; an optional
// Supervisor (the referee, package sim/referee) sees the robot and its radio
// at every basic time step.
//
// # Time and motion
//
// The simulation advances in the world's basic time step (16 ms); Step(ms)
// runs ms/16 basic steps. Each basic step:
//  1. integrates the wheels (differential drive: speed r·(ωL+ωR)/2, yaw
//     rate r·(ωR−ωL)/axle; for other wheel layouts the least-squares rigid
//     motion of the wheel contact speeds), moving the robot's collision
//     shape (the body circle of radius 0.037 m and the device spheres that
//     stick out of it: 3 mm on ps0…ps7, 7 mm on the cameras, reaching
//     0.042 m ahead) only where it does not overlap a wall segment (a box of
//     thickness 0.01 m, extended by half the thickness at each end; an edge
//     of an area-4 wall's footprint outline is 1 mm thick, since it is the
//     wall's surface), a curved wall (a ring 0.01 m thick) or an obstacle (a
//     rotated box). The translation and the turn of a step are taken one
//     after the other: a blocked translation slides along the contact or
//     stays put (so it stops short of the contact by up to a step); a turn
//     that swings a device sphere into a solid pushes the robot off it by
//     the overlap, else turns less. A robot whose centre is over a hole's
//     0.088 m opening
//     (inside its 16 mm rims) falls (gravity) and stops moving, and so
//     does one whose centre is past the tiles (a gap in the outer wall, a
//     tile without floor: the tiles' floor boxes are Erebus's only floor);
//     below y −0.035 the referee relocates it.
//  2. calls the Supervisor with the pose, height, velocity (as Webots'
//     getVelocity: linear m/s then angular rad/s) and at most one packet
//     from the supervisor's queue, then applies its answer: packets for the
//     robot's receiver (readable after the next basic step), a relocation
//     (pose, at rest), or the end of the game (Step returns hal.ErrEnded).
//  3. samples the sensors whose period is due (a sensor samples first at
//     the end of the basic step after Enable, then every period).
//
// A robot commanded 0 on every wheel reports exactly 0 velocity, with or
// without noise. The wheel position sensors integrate the commanded wheel
// speed (the wheels spin against a wall) with the proto's resolution
// 0.00628 rad.
//
// # Radio
//
// A packet the robot's "emitter" sends (channel 1, or −1) joins the
// supervisor's queue and can be read from the end of the next basic step;
// the simulator hands the supervisor at most one packet per basic step, as
// Erebus does. Packets on another channel are lost, as are all packets when
// there is no Supervisor. The supervisor's packets reach the "receiver"
// when it is enabled and on channel 1.
//
// # Devices of the default robot
//
// DefaultRobot (and DefaultRobotFor a rule set) lists them, built from
// erebus/robot.go; `runner robot describe` prints them. Robot frame: +x
// right, +y up, −z forward; a robot of yaw θ faces (−sin θ, −cos θ) in
// world XZ. The cameras are those of E-puck-custom-default-FLU.proto:
// "camera_centre" faces forward, "camera_left" and "camera_right" are turned
// 30° to each side; all are 64×40, fov 1 rad, at 0.028 m above the floor.
// The "gyro", "accelerometer" and "gps" have the identity rotation: the yaw
// rate (counter-clockwise seen from above) is Values()[1]
// (erebus.GyroYawIndex), the accelerometer reads (0, 9.81, 0) at rest with
// a noise of 0.3 % of the reading, and the GPS has the rules' accuracy (σ
// 2.5 mm in v26.1, Config.Rules). "ps0"…"ps7" are Webots "infra-red" sensors
// cast from the proto positions along the proto directions: a surface at d
// metres reads min(d/f, 0.8), f = 0.2 + 0.8·red (walls 0.36, obstacles
// 0.56, the floor 0.708; erebus.InfraRedFactor), seeing walls and obstacles
// taller than the sensor (0.04 m). The "colour_sensor" shows the colour of
// the floor under it (0.03 m in front of the centre).
//
// # Rendering
//
// Cameras are column ray casters over a uniform grid of one-tile cells: each
// pixel column casts one horizontal ray, finds the nearest wall, arc or
// obstacle, and draws it between the floor (y −0.03) and its top (walls
// 0.06 m tall), with the floor below (one colour per quarter tile) and a
// dark sky above. Palette (RGB): walls (205,210,215) shaded by face
// direction, obstacles (120,85,50), floor (162,162,162), holes black,
// swamps (140,100,45), checkpoints (225,230,240), passages their tileColor
// (blue (26,26,230), purple (77,26,153), red (230,26,26), green (0,204,0),
// orange (230,153,26), yellow (230,230,26)), outside the arena (70,70,70),
// sky (45,45,55).
//
// Signs are 0.016 m squares at world.Sign.Pos and height Y, facing
// world.Sign.Normal, drawn from 16×16 textures:
//   - victims H, S, U: a thick black capital letter on white;
//   - hazards: a diamond with a black rim on a white square; F (flammable)
//     is a red diamond, P (poison) a white diamond with a black centre disc,
//     C (corrosive) white above and black below, O (organic peroxide) red
//     above and yellow below.
//
// In a v26.1 world (sim/signs_v26.go, docs/erebus-v26.md §11-§12) cognitive targets
// are 0.04 m planes of five concentric rings, the code's first letter
// outermost, in erebus.TargetRingRGB colours, transparent outside the rings
// (a blanked target is not drawn); victims show rescuekit's Φ Ψ Ω glyphs;
// found signs use the found colours (found targets n → n+50 or n−25, found
// glyphs grey 115); fakes are a self-lit white 0.016 m plate with a dark
// letter standing 4.8 mm proud of it, whose sides show from an angle and
// whose depth a lidar reads.
//
// Distance sensors and lidars cast rays against the same geometry.
//
// # Custom robots
//
// ParseRobotJSON reads the Erebus robot customiser's JSON. Devices look
// along their +x axis, as in Webots; only the horizontal part of a camera's
// direction is used (the renderer has no pitch), and a colour sensor always
// looks down. Every wheel's positive velocity drives forward; a wheel's
// lateral position is its x. An inertial unit reads (0, 0, yaw).
//
// # Noise and determinism
//
// The devices' own noise (the accelerometer's, the v26.1 GPS's) and
// Config.Noise, which adds Gaussian noise to GPS, gyro, accelerometer,
// distance sensors and lidar, and slip to the wheels, are drawn from a PCG
// generator
// seeded with Config.Seed, in a fixed order. Nothing in the loop reads the
// clock or iterates a map, so a seed gives the same game bit for bit.
package sim
