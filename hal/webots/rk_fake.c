//go:build webots && webotsfake

// rk_fake.c is an in-memory libController: the Webots C functions package
// webots calls, with the semantics that matter to it, so that the real cgo
// layer builds and runs in tests without Webots:
//
//   - a device table (tags 1..n, names, node types with Webots' enum values);
//   - wb_robot_step returns -1 once the step budget set by fake_set_end_after
//     is spent, and keeps returning -1 (the real library calls exit() instead;
//     the fake counts such calls so that tests can prove there are none);
//   - sensors read NaN until the first step after enabling;
//   - camera frames and lidar images are double-buffered: each step writes
//     the new frame into the other buffer and poisons the previous one, so a
//     pointer kept across a step reads garbage, as with the real library;
//   - receivers have a packet queue with next-packet semantics; next-packet
//     poisons and frees the head packet;
//   - emitters on channel 1 (or broadcast) reach a scripted supervisor that,
//     like Erebus's, handles at most one packet per step: 'G' gets a 16-byte
//     game-info reply ("c f i i"), 'L' gets 'L'; replies reach enabled
//     receivers on channel 1 one step later. A robot never hears itself;
//   - wb_robot_init installs its own handler for SIGINT, SIGTERM, SIGQUIT and
//     SIGHUP with signal(), as libController does; the handler exits.

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rk_fake.h"

// Webots' WbNodeType (include/controller/c/webots/nodes.h, R2023b and later):
// the order gives the values.
enum {
  WB_NODE_NO_NODE,
  WB_NODE_APPEARANCE, WB_NODE_BACKGROUND, WB_NODE_BILLBOARD, WB_NODE_BOX, WB_NODE_CAD_SHAPE,
  WB_NODE_CAPSULE, WB_NODE_COLOR, WB_NODE_CONE, WB_NODE_COORDINATE, WB_NODE_CYLINDER,
  WB_NODE_DIRECTIONAL_LIGHT, WB_NODE_ELEVATION_GRID, WB_NODE_FOG, WB_NODE_GROUP,
  WB_NODE_IMAGE_TEXTURE, WB_NODE_INDEXED_FACE_SET, WB_NODE_INDEXED_LINE_SET, WB_NODE_MATERIAL,
  WB_NODE_MESH, WB_NODE_MUSCLE, WB_NODE_NORMAL, WB_NODE_PBR_APPEARANCE, WB_NODE_PLANE,
  WB_NODE_POINT_LIGHT, WB_NODE_POINT_SET, WB_NODE_POSE, WB_NODE_SHAPE, WB_NODE_SPHERE,
  WB_NODE_SPOT_LIGHT, WB_NODE_TEXTURE_COORDINATE, WB_NODE_TEXTURE_TRANSFORM, WB_NODE_TRANSFORM,
  WB_NODE_VIEWPOINT,
  WB_NODE_ROBOT,
  WB_NODE_ACCELEROMETER, WB_NODE_ALTIMETER, WB_NODE_BRAKE, WB_NODE_CAMERA, WB_NODE_COMPASS,
  WB_NODE_CONNECTOR, WB_NODE_DISPLAY, WB_NODE_DISTANCE_SENSOR, WB_NODE_EMITTER, WB_NODE_GPS,
  WB_NODE_GYRO, WB_NODE_INERTIAL_UNIT, WB_NODE_LED, WB_NODE_LIDAR, WB_NODE_LIGHT_SENSOR,
  WB_NODE_LINEAR_MOTOR, WB_NODE_PEN, WB_NODE_POSITION_SENSOR, WB_NODE_PROPELLER, WB_NODE_RADAR,
  WB_NODE_RANGE_FINDER, WB_NODE_RECEIVER, WB_NODE_ROTATIONAL_MOTOR, WB_NODE_SKIN,
  WB_NODE_SPEAKER, WB_NODE_TOUCH_SENSOR, WB_NODE_VACUUM_GRIPPER
};

static const struct {
  int type;
  const char *name;
} node_names[] = {
  {WB_NODE_ACCELEROMETER, "Accelerometer"}, {WB_NODE_ALTIMETER, "Altimeter"},
  {WB_NODE_BRAKE, "Brake"}, {WB_NODE_CAMERA, "Camera"}, {WB_NODE_COMPASS, "Compass"},
  {WB_NODE_CONNECTOR, "Connector"}, {WB_NODE_DISPLAY, "Display"},
  {WB_NODE_DISTANCE_SENSOR, "DistanceSensor"}, {WB_NODE_EMITTER, "Emitter"},
  {WB_NODE_GPS, "GPS"}, {WB_NODE_GYRO, "Gyro"}, {WB_NODE_INERTIAL_UNIT, "InertialUnit"},
  {WB_NODE_LED, "LED"}, {WB_NODE_LIDAR, "Lidar"}, {WB_NODE_LIGHT_SENSOR, "LightSensor"},
  {WB_NODE_LINEAR_MOTOR, "LinearMotor"}, {WB_NODE_PEN, "Pen"},
  {WB_NODE_POSITION_SENSOR, "PositionSensor"}, {WB_NODE_PROPELLER, "Propeller"},
  {WB_NODE_RADAR, "Radar"}, {WB_NODE_RANGE_FINDER, "RangeFinder"},
  {WB_NODE_RECEIVER, "Receiver"}, {WB_NODE_ROTATIONAL_MOTOR, "RotationalMotor"},
  {WB_NODE_SKIN, "Skin"}, {WB_NODE_SPEAKER, "Speaker"}, {WB_NODE_TOUCH_SENSOR, "TouchSensor"},
  {WB_NODE_VACUUM_GRIPPER, "VacuumGripper"},
};
#define N_NODE_NAMES ((int)(sizeof node_names / sizeof node_names[0]))

#define MAX_DEVICES 128
#define POISON_BYTE 0xDD
#define POISON_FLOAT (-12345.0f)

typedef struct Packet {
  int size;
  unsigned char *data;
  struct Packet *next;
} Packet;

typedef struct {
  Packet *head, *tail;
  int len;
} Queue;

typedef struct {
  char name[64];
  int type;
  int period;  // sampling period in ms, 0 when disabled
  int fresh;   // a step has ended since the sensor was enabled
  double values[4];
  double max;  // distance sensor max value, motor max velocity
  double position, velocity;
  int led;
  int channel;
  // camera
  int width, height;
  double fov, vfov, min_range, max_range;
  unsigned char *scene, *frame[2];
  // lidar
  int hres, layers;
  float *lscene, *lframe[2];
  int cur;
  // receiver: visible queue, and packets that become visible at the next step
  Queue queue, pending;
} Dev;

static struct {
  Dev dev[MAX_DEVICES];
  int n;
  double basic, time;
  int steps, end_after, ended, after_end, cleanups_after_end;
  int inits, cleanups, signals_installed, disabled_reads;
  Queue emitted;  // sent by the robot, reach the supervisor at the next step
  Queue sup_in;   // waiting at the supervisor's receiver
  Packet *sent_log;
  int sent_n;
  float score;
  int game_left, real_left;
} w;

static Packet *packet_new(const void *data, int size) {
  Packet *p = calloc(1, sizeof *p);
  if (!p)
    return NULL;
  p->size = size;
  p->data = malloc(size > 0 ? size : 1);
  if (!p->data) {
    free(p);
    return NULL;
  }
  if (size > 0)
    memcpy(p->data, data, size);
  return p;
}

static void packet_free(Packet *p) {
  memset(p->data, POISON_BYTE, p->size > 0 ? p->size : 1);
  free(p->data);
  free(p);
}

static void queue_push(Queue *q, Packet *p) {
  if (!p)
    return;
  p->next = NULL;
  if (q->tail)
    q->tail->next = p;
  else
    q->head = p;
  q->tail = p;
  q->len++;
}

static Packet *queue_pop(Queue *q) {
  Packet *p = q->head;
  if (!p)
    return NULL;
  q->head = p->next;
  if (!q->head)
    q->tail = NULL;
  q->len--;
  p->next = NULL;
  return p;
}

static void queue_clear(Queue *q) {
  Packet *p;
  while ((p = queue_pop(q)))
    packet_free(p);
}

static Dev *dev_of(WbDeviceTag tag, int type) {
  if (tag < 1 || tag > w.n)
    return NULL;
  Dev *d = &w.dev[tag - 1];
  if (type >= 0 && d->type != type) {
    // a motor call on a linear motor is fine
    if (!(type == WB_NODE_ROTATIONAL_MOTOR && d->type == WB_NODE_LINEAR_MOTOR))
      return NULL;
  }
  return d;
}

static void quit_controller(int sig) {
  static const char msg[] = "fake libController: quit on signal\n";
  (void)sig;
  ssize_t r = write(2, msg, sizeof msg - 1);
  (void)r;
  _exit(3);
}

// ---- controls ----

void fake_reset(void) {
  for (int i = 0; i < w.n; i++) {
    Dev *d = &w.dev[i];
    free(d->scene);
    free(d->frame[0]);
    free(d->frame[1]);
    free(d->lscene);
    free(d->lframe[0]);
    free(d->lframe[1]);
    queue_clear(&d->queue);
    queue_clear(&d->pending);
  }
  queue_clear(&w.emitted);
  queue_clear(&w.sup_in);
  while (w.sent_log) {
    Packet *p = w.sent_log;
    w.sent_log = p->next;
    packet_free(p);
  }
  memset(&w, 0, sizeof w);
  w.basic = 16;
  w.end_after = -1;
}

WbDeviceTag fake_add_device(const char *name, const char *node_name) {
  int type = -1;
  for (int i = 0; i < N_NODE_NAMES; i++)
    if (strcmp(node_names[i].name, node_name) == 0)
      type = node_names[i].type;
  if (type < 0 || w.n >= MAX_DEVICES || strlen(name) >= sizeof w.dev[0].name)
    return 0;
  Dev *d = &w.dev[w.n++];
  memset(d, 0, sizeof *d);
  strcpy(d->name, name);
  d->type = type;
  for (int i = 0; i < 4; i++)
    d->values[i] = 0;
  if (type == WB_NODE_EMITTER || type == WB_NODE_RECEIVER)
    d->channel = 1;
  if (type == WB_NODE_ROTATIONAL_MOTOR || type == WB_NODE_LINEAR_MOTOR) {
    d->max = 10;
    d->velocity = 10;  // Webots' default target velocity is maxVelocity
    d->position = 0;
  }
  if (type == WB_NODE_DISTANCE_SENSOR)
    d->max = 1000;
  return (WbDeviceTag)w.n;
}

void fake_set_basic_time_step(double ms) { w.basic = ms; }
void fake_set_end_after(int steps) { w.end_after = steps; }

void fake_set_value(WbDeviceTag tag, double a, double b, double c, double e) {
  Dev *d = dev_of(tag, -1);
  if (!d)
    return;
  d->values[0] = a;
  d->values[1] = b;
  d->values[2] = c;
  d->values[3] = e;
}

void fake_set_max(WbDeviceTag tag, double max) {
  Dev *d = dev_of(tag, -1);
  if (d)
    d->max = max;
}

int fake_set_camera(WbDeviceTag tag, int width, int height, double fov) {
  Dev *d = dev_of(tag, WB_NODE_CAMERA);
  if (!d || width <= 0 || height <= 0)
    return -1;
  size_t n = (size_t)width * height * 4;
  free(d->scene);
  free(d->frame[0]);
  free(d->frame[1]);
  d->scene = calloc(n, 1);
  d->frame[0] = malloc(n);
  d->frame[1] = malloc(n);
  if (!d->scene || !d->frame[0] || !d->frame[1])
    return -1;
  memset(d->frame[0], POISON_BYTE, n);
  memset(d->frame[1], POISON_BYTE, n);
  d->width = width;
  d->height = height;
  d->fov = fov;
  return 0;
}

int fake_set_image(WbDeviceTag tag, const unsigned char *data, int size) {
  Dev *d = dev_of(tag, WB_NODE_CAMERA);
  if (!d || !d->scene || size != d->width * d->height * 4)
    return -1;
  memcpy(d->scene, data, size);
  return 0;
}

int fake_set_lidar(WbDeviceTag tag, int hres, int layers, double fov, double vfov, double min_range,
                   double max_range) {
  Dev *d = dev_of(tag, WB_NODE_LIDAR);
  if (!d || hres <= 0 || layers <= 0)
    return -1;
  size_t n = (size_t)hres * layers;
  free(d->lscene);
  free(d->lframe[0]);
  free(d->lframe[1]);
  d->lscene = calloc(n, sizeof(float));
  d->lframe[0] = malloc(n * sizeof(float));
  d->lframe[1] = malloc(n * sizeof(float));
  if (!d->lscene || !d->lframe[0] || !d->lframe[1])
    return -1;
  for (size_t i = 0; i < n; i++)
    d->lframe[0][i] = d->lframe[1][i] = POISON_FLOAT;
  d->hres = hres;
  d->layers = layers;
  d->fov = fov;
  d->vfov = vfov;
  d->min_range = min_range;
  d->max_range = max_range;
  return 0;
}

int fake_set_range_image(WbDeviceTag tag, const float *data, int n) {
  Dev *d = dev_of(tag, WB_NODE_LIDAR);
  if (!d || !d->lscene || n != d->hres * d->layers)
    return -1;
  memcpy(d->lscene, data, (size_t)n * sizeof(float));
  return 0;
}

int fake_push_packet(WbDeviceTag tag, const void *data, int size) {
  Dev *d = dev_of(tag, WB_NODE_RECEIVER);
  if (!d || size <= 0)
    return -1;
  queue_push(&d->pending, packet_new(data, size));
  return 0;
}

void fake_set_game_info(float score, int game_left, int real_left) {
  w.score = score;
  w.game_left = game_left;
  w.real_left = real_left;
}

int fake_sent_count(void) { return w.sent_n; }

int fake_sent_copy(int i, void *dst, int cap) {
  Packet *p = w.sent_log;
  for (int k = 0; p && k < i; k++)
    p = p->next;
  if (!p || i < 0)
    return -1;
  int n = p->size < cap ? p->size : cap;
  memcpy(dst, p->data, n);
  return p->size;
}

void fake_motor_state(WbDeviceTag tag, double *position, double *velocity) {
  Dev *d = dev_of(tag, WB_NODE_ROTATIONAL_MOTOR);
  *position = d ? d->position : NAN;
  *velocity = d ? d->velocity : NAN;
}

int fake_led_value(WbDeviceTag tag) {
  Dev *d = dev_of(tag, WB_NODE_LED);
  return d ? d->led : -1;
}

int fake_steps(void) { return w.steps; }
int fake_steps_after_end(void) { return w.after_end; }
int fake_init_count(void) { return w.inits; }
int fake_cleanup_count(void) { return w.cleanups; }
int fake_cleanups_after_end(void) { return w.cleanups_after_end; }
int fake_signals_installed(void) { return w.signals_installed; }
int fake_disabled_reads(void) { return w.disabled_reads; }

// fake_init_raw_changed_handlers calls wb_robot_init without the save and
// restore of rk_init, counts the signals among SIGINT, SIGTERM, SIGQUIT and
// SIGHUP whose handler it changed, and then puts the old handlers back: it
// shows the trap rk_init guards against.
int fake_init_raw_changed_handlers(void) {
  int sigs[] = {SIGINT, SIGTERM, SIGQUIT, SIGHUP};
  struct sigaction before[4], after;
  for (int i = 0; i < 4; i++)
    if (sigaction(sigs[i], NULL, &before[i]) != 0)
      return -1;
  wb_robot_init();
  int changed = 0;
  for (int i = 0; i < 4; i++) {
    if (sigaction(sigs[i], NULL, &after) != 0)
      return -1;
    if (after.sa_handler != before[i].sa_handler || after.sa_flags != before[i].sa_flags)
      changed++;
    sigaction(sigs[i], &before[i], NULL);
  }
  return changed;
}

// ---- robot ----

int wb_robot_init(void) {
  w.inits++;
  int sigs[] = {SIGINT, SIGTERM, SIGQUIT, SIGHUP};
  for (int i = 0; i < 4; i++)
    if (signal(sigs[i], quit_controller) != SIG_ERR)
      w.signals_installed++;
  return 1;
}

/* The real libController exits the process from inside wb_robot_cleanup once
 * Webots has quit (seen with Erebus: nothing after the call ran); the fake
 * counts such calls so that tests can check there are none. */
void wb_robot_cleanup(void) {
  w.cleanups++;
  if (w.ended)
    w.cleanups_after_end++;
}

static void deliver_to_receivers(Packet *src) {
  for (int i = 0; i < w.n; i++) {
    Dev *d = &w.dev[i];
    if (d->type == WB_NODE_RECEIVER && d->period > 0 && (d->channel == 1 || d->channel == -1))
      queue_push(&d->pending, packet_new(src->data, src->size));
  }
}

static void supervisor_step(void) {
  Packet *p = queue_pop(&w.sup_in);
  if (!p)
    return;
  if (p->size == 1 && p->data[0] == 'G') {
    unsigned char reply[16] = {'G'};
    memcpy(reply + 4, &w.score, 4);
    memcpy(reply + 8, &w.game_left, 4);
    memcpy(reply + 12, &w.real_left, 4);
    Packet *r = packet_new(reply, sizeof reply);
    if (r) {
      deliver_to_receivers(r);
      packet_free(r);
    }
  } else if (p->size == 1 && p->data[0] == 'L') {
    Packet *r = packet_new("L", 1);
    if (r) {
      deliver_to_receivers(r);
      packet_free(r);
    }
  }
  packet_free(p);
}

int wb_robot_step(int duration) {
  if (w.ended) {
    w.after_end++;
    return -1;
  }
  if (w.end_after >= 0 && w.steps >= w.end_after) {
    w.ended = 1;
    return -1;
  }
  w.steps++;
  w.time += duration / 1000.0;
  for (int i = 0; i < w.n; i++) {
    Dev *d = &w.dev[i];
    if (d->type != WB_NODE_RECEIVER)
      continue;
    Packet *p;
    while ((p = queue_pop(&d->pending))) {
      if (d->period > 0)
        queue_push(&d->queue, p);
      else
        packet_free(p);
    }
  }
  supervisor_step();
  Packet *p;
  while ((p = queue_pop(&w.emitted)))
    queue_push(&w.sup_in, p);
  for (int i = 0; i < w.n; i++) {
    Dev *d = &w.dev[i];
    if (d->period <= 0)
      continue;
    d->fresh = 1;
    if (d->type == WB_NODE_CAMERA && d->scene) {
      size_t n = (size_t)d->width * d->height * 4;
      memset(d->frame[d->cur], POISON_BYTE, n);
      d->cur ^= 1;
      memcpy(d->frame[d->cur], d->scene, n);
    }
    if (d->type == WB_NODE_LIDAR && d->lscene) {
      size_t n = (size_t)d->hres * d->layers;
      for (size_t k = 0; k < n; k++)
        d->lframe[d->cur][k] = POISON_FLOAT;
      d->cur ^= 1;
      memcpy(d->lframe[d->cur], d->lscene, n * sizeof(float));
    }
  }
  return 0;
}

double wb_robot_get_time(void) { return w.time; }
double wb_robot_get_basic_time_step(void) { return w.basic; }
int wb_robot_get_number_of_devices(void) { return w.n; }
WbDeviceTag wb_robot_get_device_by_index(int index) {
  return index >= 0 && index < w.n ? (WbDeviceTag)(index + 1) : 0;
}

WbDeviceTag wb_robot_get_device(const char *name) {
  for (int i = 0; i < w.n; i++)
    if (strcmp(w.dev[i].name, name) == 0)
      return (WbDeviceTag)(i + 1);
  return 0;
}

const char *wb_device_get_name(WbDeviceTag tag) {
  Dev *d = dev_of(tag, -1);
  return d ? d->name : NULL;
}

int wb_device_get_node_type(WbDeviceTag tag) {
  Dev *d = dev_of(tag, -1);
  return d ? d->type : WB_NODE_NO_NODE;
}

const char *wb_node_get_name(int type) {
  for (int i = 0; i < N_NODE_NAMES; i++)
    if (node_names[i].type == type)
      return node_names[i].name;
  return NULL;
}

// ---- sensors: common ----

static void enable(WbDeviceTag tag, int type, int period) {
  Dev *d = dev_of(tag, type);
  if (!d)
    return;
  d->period = period;
  d->fresh = 0;
}

static void disable(WbDeviceTag tag, int type) {
  Dev *d = dev_of(tag, type);
  if (!d)
    return;
  d->period = 0;
  d->fresh = 0;
}

static const double nan3[3] = {NAN, NAN, NAN};

static double scalar(WbDeviceTag tag, int type) {
  Dev *d = dev_of(tag, type);
  if (!d)
    return NAN;
  if (d->period <= 0)
    w.disabled_reads++;
  return d->fresh ? d->values[0] : NAN;
}

static const double *vec3(WbDeviceTag tag, int type) {
  Dev *d = dev_of(tag, type);
  if (!d)
    return nan3;
  if (d->period <= 0)
    w.disabled_reads++;
  return d->fresh ? d->values : nan3;
}

// ---- motor, LED ----

void wb_motor_set_position(WbDeviceTag tag, double position) {
  Dev *d = dev_of(tag, WB_NODE_ROTATIONAL_MOTOR);
  if (d)
    d->position = position;
}

void wb_motor_set_velocity(WbDeviceTag tag, double velocity) {
  Dev *d = dev_of(tag, WB_NODE_ROTATIONAL_MOTOR);
  if (!d)
    return;
  if (velocity > d->max)
    velocity = d->max;
  if (velocity < -d->max)
    velocity = -d->max;
  d->velocity = velocity;
}

double wb_motor_get_max_velocity(WbDeviceTag tag) {
  Dev *d = dev_of(tag, WB_NODE_ROTATIONAL_MOTOR);
  return d ? d->max : NAN;
}

void wb_led_set(WbDeviceTag tag, int value) {
  Dev *d = dev_of(tag, WB_NODE_LED);
  if (d)
    d->led = value;
}

int wb_led_get(WbDeviceTag tag) {
  Dev *d = dev_of(tag, WB_NODE_LED);
  return d ? d->led : 0;
}

// ---- emitter, receiver ----

int wb_emitter_send(WbDeviceTag tag, const void *data, int size) {
  Dev *d = dev_of(tag, WB_NODE_EMITTER);
  if (!d || !data || size <= 0)
    return 0;
  Packet *log = packet_new(data, size);
  if (!log)
    return 0;
  Packet **end = &w.sent_log;
  while (*end)
    end = &(*end)->next;
  *end = log;
  w.sent_n++;
  if (d->channel == 1 || d->channel == -1)
    queue_push(&w.emitted, packet_new(data, size));
  return 1;
}

void wb_emitter_set_channel(WbDeviceTag tag, int channel) {
  Dev *d = dev_of(tag, WB_NODE_EMITTER);
  if (d)
    d->channel = channel;
}

int wb_emitter_get_channel(WbDeviceTag tag) {
  Dev *d = dev_of(tag, WB_NODE_EMITTER);
  return d ? d->channel : 0;
}

void wb_receiver_enable(WbDeviceTag tag, int period) { enable(tag, WB_NODE_RECEIVER, period); }

void wb_receiver_disable(WbDeviceTag tag) {
  Dev *d = dev_of(tag, WB_NODE_RECEIVER);
  if (!d)
    return;
  disable(tag, WB_NODE_RECEIVER);
  queue_clear(&d->queue);
  queue_clear(&d->pending);
}

void wb_receiver_set_channel(WbDeviceTag tag, int channel) {
  Dev *d = dev_of(tag, WB_NODE_RECEIVER);
  if (d)
    d->channel = channel;
}

int wb_receiver_get_channel(WbDeviceTag tag) {
  Dev *d = dev_of(tag, WB_NODE_RECEIVER);
  return d ? d->channel : 0;
}

int wb_receiver_get_queue_length(WbDeviceTag tag) {
  Dev *d = dev_of(tag, WB_NODE_RECEIVER);
  if (!d)
    return 0;
  if (d->period <= 0)
    w.disabled_reads++;
  return d->queue.len;
}

void wb_receiver_next_packet(WbDeviceTag tag) {
  Dev *d = dev_of(tag, WB_NODE_RECEIVER);
  Packet *p = d ? queue_pop(&d->queue) : NULL;
  if (p)
    packet_free(p);
}

int wb_receiver_get_data_size(WbDeviceTag tag) {
  Dev *d = dev_of(tag, WB_NODE_RECEIVER);
  return d && d->queue.head ? d->queue.head->size : -1;
}

const void *wb_receiver_get_data(WbDeviceTag tag) {
  Dev *d = dev_of(tag, WB_NODE_RECEIVER);
  return d && d->queue.head ? d->queue.head->data : NULL;
}

// ---- distance, position ----

void wb_distance_sensor_enable(WbDeviceTag t, int p) { enable(t, WB_NODE_DISTANCE_SENSOR, p); }
void wb_distance_sensor_disable(WbDeviceTag t) { disable(t, WB_NODE_DISTANCE_SENSOR); }
double wb_distance_sensor_get_value(WbDeviceTag t) { return scalar(t, WB_NODE_DISTANCE_SENSOR); }
double wb_distance_sensor_get_max_value(WbDeviceTag t) {
  Dev *d = dev_of(t, WB_NODE_DISTANCE_SENSOR);
  return d ? d->max : NAN;
}

void wb_position_sensor_enable(WbDeviceTag t, int p) { enable(t, WB_NODE_POSITION_SENSOR, p); }
void wb_position_sensor_disable(WbDeviceTag t) { disable(t, WB_NODE_POSITION_SENSOR); }
double wb_position_sensor_get_value(WbDeviceTag t) { return scalar(t, WB_NODE_POSITION_SENSOR); }

// ---- camera, lidar ----

void wb_camera_enable(WbDeviceTag t, int p) { enable(t, WB_NODE_CAMERA, p); }
void wb_camera_disable(WbDeviceTag t) { disable(t, WB_NODE_CAMERA); }

const unsigned char *wb_camera_get_image(WbDeviceTag t) {
  Dev *d = dev_of(t, WB_NODE_CAMERA);
  if (!d || !d->scene)
    return NULL;
  if (d->period <= 0)
    w.disabled_reads++;
  return d->fresh ? d->frame[d->cur] : NULL;
}

int wb_camera_get_width(WbDeviceTag t) {
  Dev *d = dev_of(t, WB_NODE_CAMERA);
  return d ? d->width : 0;
}

int wb_camera_get_height(WbDeviceTag t) {
  Dev *d = dev_of(t, WB_NODE_CAMERA);
  return d ? d->height : 0;
}

double wb_camera_get_fov(WbDeviceTag t) {
  Dev *d = dev_of(t, WB_NODE_CAMERA);
  return d ? d->fov : NAN;
}

void wb_lidar_enable(WbDeviceTag t, int p) { enable(t, WB_NODE_LIDAR, p); }
void wb_lidar_disable(WbDeviceTag t) { disable(t, WB_NODE_LIDAR); }

const float *wb_lidar_get_range_image(WbDeviceTag t) {
  Dev *d = dev_of(t, WB_NODE_LIDAR);
  if (!d || !d->lscene)
    return NULL;
  if (d->period <= 0)
    w.disabled_reads++;
  return d->fresh ? d->lframe[d->cur] : NULL;
}

#define LIDAR_GETTER(ret, fn, field, bad)      \
  ret fn(WbDeviceTag t) {                      \
    Dev *d = dev_of(t, WB_NODE_LIDAR);         \
    return d ? d->field : bad;                 \
  }
LIDAR_GETTER(int, wb_lidar_get_horizontal_resolution, hres, 0)
LIDAR_GETTER(int, wb_lidar_get_number_of_layers, layers, 0)
LIDAR_GETTER(double, wb_lidar_get_fov, fov, NAN)
LIDAR_GETTER(double, wb_lidar_get_vertical_fov, vfov, NAN)
LIDAR_GETTER(double, wb_lidar_get_min_range, min_range, NAN)
LIDAR_GETTER(double, wb_lidar_get_max_range, max_range, NAN)

// ---- gps, gyro, accelerometer, inertial unit ----

void wb_gps_enable(WbDeviceTag t, int p) { enable(t, WB_NODE_GPS, p); }
void wb_gps_disable(WbDeviceTag t) { disable(t, WB_NODE_GPS); }
const double *wb_gps_get_values(WbDeviceTag t) { return vec3(t, WB_NODE_GPS); }
double wb_gps_get_speed(WbDeviceTag t) {
  Dev *d = dev_of(t, WB_NODE_GPS);
  return d && d->fresh ? d->values[3] : NAN;
}

void wb_gyro_enable(WbDeviceTag t, int p) { enable(t, WB_NODE_GYRO, p); }
void wb_gyro_disable(WbDeviceTag t) { disable(t, WB_NODE_GYRO); }
const double *wb_gyro_get_values(WbDeviceTag t) { return vec3(t, WB_NODE_GYRO); }

void wb_accelerometer_enable(WbDeviceTag t, int p) { enable(t, WB_NODE_ACCELEROMETER, p); }
void wb_accelerometer_disable(WbDeviceTag t) { disable(t, WB_NODE_ACCELEROMETER); }
const double *wb_accelerometer_get_values(WbDeviceTag t) { return vec3(t, WB_NODE_ACCELEROMETER); }

void wb_inertial_unit_enable(WbDeviceTag t, int p) { enable(t, WB_NODE_INERTIAL_UNIT, p); }
void wb_inertial_unit_disable(WbDeviceTag t) { disable(t, WB_NODE_INERTIAL_UNIT); }
const double *wb_inertial_unit_get_roll_pitch_yaw(WbDeviceTag t) {
  return vec3(t, WB_NODE_INERTIAL_UNIT);
}
