//go:build webots

// rk_glue.c is the C side of package webots that is not a Webots call:
// wb_robot_init wrapped so that the process keeps the signal handlers it had
// (the Go runtime's), and a check that the robot is stepped from the thread
// that opened it.

#include <signal.h>
#include <stdint.h>

#ifdef _WIN32
#include <windows.h>
#else
#include <pthread.h>
#endif

#include "rk_webots.h"

// libController's wb_robot_init installs its own handler (which calls exit)
// for these signals: signal(SIGINT) everywhere, plus SIGTERM, SIGQUIT and
// SIGHUP outside Windows.
#ifdef _WIN32
static const int rk_signals[] = {SIGINT, SIGTERM};
#else
static const int rk_signals[] = {SIGINT, SIGTERM, SIGQUIT, SIGHUP};
#endif
#define RK_NSIG ((int)(sizeof rk_signals / sizeof rk_signals[0]))

// rk_init calls wb_robot_init, storing its result in *wb_result, and puts
// back, for each signal libController takes over, the exact handler that was
// installed before. On POSIX systems that is the Go runtime's sigaction (with
// SA_ONSTACK, SA_SIGINFO, SA_RESTART and its mask), restored from the saved
// struct. It returns 0, -sig when the handler of sig could not be read
// (wb_robot_init is then not called), or -(1000+sig) when it could not be
// restored.
int rk_init(int *wb_result) {
#ifdef _WIN32
  void (*old[RK_NSIG])(int);
  for (int i = 0; i < RK_NSIG; i++) {
    old[i] = signal(rk_signals[i], SIG_DFL);
    if (old[i] == SIG_ERR)
      return -rk_signals[i];
    signal(rk_signals[i], old[i]);
  }
  *wb_result = wb_robot_init();
  for (int i = 0; i < RK_NSIG; i++)
    if (signal(rk_signals[i], old[i]) == SIG_ERR)
      return -(1000 + rk_signals[i]);
  return 0;
#else
  struct sigaction old[RK_NSIG];
  for (int i = 0; i < RK_NSIG; i++)
    if (sigaction(rk_signals[i], NULL, &old[i]) != 0)
      return -rk_signals[i];
  *wb_result = wb_robot_init();
  for (int i = 0; i < RK_NSIG; i++)
    if (sigaction(rk_signals[i], &old[i], NULL) != 0)
      return -(1000 + rk_signals[i]);
  return 0;
#endif
}

// rk_signal_state reports the handler and flags installed for sig. It
// returns 0, or -1 where the platform has no sigaction.
int rk_signal_state(int sig, unsigned long long *handler, unsigned long long *flags) {
#ifdef _WIN32
  (void)sig;
  *handler = 0;
  *flags = 0;
  return -1;
#else
  struct sigaction sa;
  if (sigaction(sig, NULL, &sa) != 0)
    return -1;
  if (sa.sa_flags & SA_SIGINFO)
    *handler = (unsigned long long)(uintptr_t)sa.sa_sigaction;
  else
    *handler = (unsigned long long)(uintptr_t)sa.sa_handler;
  *flags = (unsigned long long)sa.sa_flags;
  return 0;
#endif
}

#ifdef _WIN32
static DWORD rk_thread;
void rk_remember_thread(void) { rk_thread = GetCurrentThreadId(); }
int rk_same_thread(void) { return GetCurrentThreadId() == rk_thread; }
#else
static pthread_t rk_thread;
void rk_remember_thread(void) { rk_thread = pthread_self(); }
int rk_same_thread(void) { return pthread_equal(pthread_self(), rk_thread) != 0; }
#endif
