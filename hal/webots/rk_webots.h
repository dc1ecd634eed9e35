// rk_webots.h declares the subset of the Webots C controller API that
// package webots calls, with the signatures of Webots' own headers
// (include/controller/c/webots/*.h, R2023b and later), so that the package
// compiles without a Webots installation. It also declares the small C glue
// of rk_glue.c.
//
// WbNodeType is a C enum in Webots; it is declared here as int, which has the
// same size and calling convention on every platform Webots supports.

#ifndef RK_WEBOTS_H
#define RK_WEBOTS_H

typedef unsigned short WbDeviceTag;

// robot.h
int wb_robot_init(void);
void wb_robot_cleanup(void);
int wb_robot_step(int duration);
double wb_robot_get_time(void);
double wb_robot_get_basic_time_step(void);
WbDeviceTag wb_robot_get_device(const char *name);
int wb_robot_get_number_of_devices(void);
WbDeviceTag wb_robot_get_device_by_index(int index);

// device.h, nodes.h
const char *wb_device_get_name(WbDeviceTag tag);
int wb_device_get_node_type(WbDeviceTag tag);
const char *wb_node_get_name(int type);

// motor.h
void wb_motor_set_position(WbDeviceTag tag, double position);
void wb_motor_set_velocity(WbDeviceTag tag, double velocity);
double wb_motor_get_max_velocity(WbDeviceTag tag);

// led.h
void wb_led_set(WbDeviceTag tag, int value);
int wb_led_get(WbDeviceTag tag);

// emitter.h
int wb_emitter_send(WbDeviceTag tag, const void *data, int size);
void wb_emitter_set_channel(WbDeviceTag tag, int channel);
int wb_emitter_get_channel(WbDeviceTag tag);

// receiver.h
void wb_receiver_enable(WbDeviceTag tag, int sampling_period);
void wb_receiver_disable(WbDeviceTag tag);
void wb_receiver_set_channel(WbDeviceTag tag, int channel);
int wb_receiver_get_channel(WbDeviceTag tag);
int wb_receiver_get_queue_length(WbDeviceTag tag);
void wb_receiver_next_packet(WbDeviceTag tag);
int wb_receiver_get_data_size(WbDeviceTag tag);
const void *wb_receiver_get_data(WbDeviceTag tag);

// distance_sensor.h
void wb_distance_sensor_enable(WbDeviceTag tag, int sampling_period);
void wb_distance_sensor_disable(WbDeviceTag tag);
double wb_distance_sensor_get_value(WbDeviceTag tag);
double wb_distance_sensor_get_max_value(WbDeviceTag tag);

// position_sensor.h
void wb_position_sensor_enable(WbDeviceTag tag, int sampling_period);
void wb_position_sensor_disable(WbDeviceTag tag);
double wb_position_sensor_get_value(WbDeviceTag tag);

// camera.h
void wb_camera_enable(WbDeviceTag tag, int sampling_period);
void wb_camera_disable(WbDeviceTag tag);
const unsigned char *wb_camera_get_image(WbDeviceTag tag);
int wb_camera_get_width(WbDeviceTag tag);
int wb_camera_get_height(WbDeviceTag tag);
double wb_camera_get_fov(WbDeviceTag tag);

// lidar.h
void wb_lidar_enable(WbDeviceTag tag, int sampling_period);
void wb_lidar_disable(WbDeviceTag tag);
const float *wb_lidar_get_range_image(WbDeviceTag tag);
int wb_lidar_get_horizontal_resolution(WbDeviceTag tag);
int wb_lidar_get_number_of_layers(WbDeviceTag tag);
double wb_lidar_get_fov(WbDeviceTag tag);
double wb_lidar_get_vertical_fov(WbDeviceTag tag);
double wb_lidar_get_min_range(WbDeviceTag tag);
double wb_lidar_get_max_range(WbDeviceTag tag);

// gps.h
void wb_gps_enable(WbDeviceTag tag, int sampling_period);
void wb_gps_disable(WbDeviceTag tag);
const double *wb_gps_get_values(WbDeviceTag tag);
double wb_gps_get_speed(WbDeviceTag tag);

// gyro.h
void wb_gyro_enable(WbDeviceTag tag, int sampling_period);
void wb_gyro_disable(WbDeviceTag tag);
const double *wb_gyro_get_values(WbDeviceTag tag);

// accelerometer.h
void wb_accelerometer_enable(WbDeviceTag tag, int sampling_period);
void wb_accelerometer_disable(WbDeviceTag tag);
const double *wb_accelerometer_get_values(WbDeviceTag tag);

// inertial_unit.h
void wb_inertial_unit_enable(WbDeviceTag tag, int sampling_period);
void wb_inertial_unit_disable(WbDeviceTag tag);
const double *wb_inertial_unit_get_roll_pitch_yaw(WbDeviceTag tag);

// rk_glue.c
int rk_init(int *wb_result);
void rk_remember_thread(void);
int rk_same_thread(void);
int rk_signal_state(int sig, unsigned long long *handler, unsigned long long *flags);

#endif
