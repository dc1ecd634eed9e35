// rk_fake.h declares the controls of the in-memory libController of
// rk_fake.c (build tags webots and webotsfake). Go test code drives the fake
// through them; nothing else calls them.

#ifndef RK_FAKE_H
#define RK_FAKE_H

#include "rk_webots.h"

void fake_reset(void);
WbDeviceTag fake_add_device(const char *name, const char *node_name);
void fake_set_basic_time_step(double ms);
void fake_set_end_after(int steps);
void fake_set_value(WbDeviceTag tag, double a, double b, double c, double d);
void fake_set_max(WbDeviceTag tag, double max);
int fake_set_camera(WbDeviceTag tag, int width, int height, double fov);
int fake_set_image(WbDeviceTag tag, const unsigned char *data, int size);
int fake_set_lidar(WbDeviceTag tag, int hres, int layers, double fov, double vfov, double min_range, double max_range);
int fake_set_range_image(WbDeviceTag tag, const float *data, int n);
int fake_push_packet(WbDeviceTag tag, const void *data, int size);
void fake_set_game_info(float score, int game_left, int real_left);
int fake_sent_count(void);
int fake_sent_copy(int i, void *dst, int cap);
void fake_motor_state(WbDeviceTag tag, double *position, double *velocity);
int fake_led_value(WbDeviceTag tag);
int fake_steps(void);
int fake_steps_after_end(void);
int fake_init_count(void);
int fake_cleanup_count(void);
int fake_cleanups_after_end(void);
int fake_signals_installed(void);
int fake_disabled_reads(void);
int fake_init_raw_changed_handlers(void);

#endif
