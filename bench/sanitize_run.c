// Runs one program and prints its CPU time and peak RSS (bench/sanitize.py).
//
//   sanitize_run CAP DIR OUT ERR PROGRAM [ARG...]
//
// Runs PROGRAM in DIR with stdout to OUT and stderr to ERR ("-": discarded),
// stops it after CAP seconds of CPU time (RLIMIT_CPU; on a loaded machine
// wall time would stop it early; also after 4 * CAP seconds of wall time,
// for a program that waits; 0: never), and prints on stdout
//   user_seconds system_seconds peak_rss_kib status
// from wait4; status is the exit status, or "stopped" when stopped at CAP.
//
// Why not from Python: a child forked by Python keeps, in its ru_maxrss,
// the peak RSS of the Python process it was forked from (Linux carries the
// old address space's high-water mark across exec), so a small program
// would show Python's RSS. This launcher is small: what a program run
// through it shows is its own peak, or this launcher's (about 1 MiB).
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t child;
static volatile sig_atomic_t stopped;

static void on_alarm(int sig) {
  (void)sig;
  stopped = 1;
  kill(child, SIGKILL);
}

static int open_out(const char *path) {
  return open(path[0] == '-' && !path[1] ? "/dev/null" : path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
}

int main(int argc, char **argv) {
  if (argc < 6) {
    fprintf(stderr, "usage: sanitize_run CAP DIR OUT ERR PROGRAM [ARG...]\n");
    return 2;
  }
  double cap = atof(argv[1]);
  child = fork();
  if (child < 0) return perror("fork"), 2;
  if (child == 0) {
    if (cap > 0) {
      // SIGXCPU at CAP, SIGKILL a second later.
      struct rlimit r = {(rlim_t)cap + (cap > (rlim_t)cap), (rlim_t)cap + 2};
      setrlimit(RLIMIT_CPU, &r);
    }
    int out = open_out(argv[3]), err = open_out(argv[4]);
    if (chdir(argv[2]) || out < 0 || err < 0) _exit(126);
    dup2(out, 1);
    dup2(err, 2);
    execv(argv[5], argv + 5);
    _exit(127);
  }
  if (cap > 0) {
    signal(SIGALRM, on_alarm);
    double wall = 4 * cap;
    struct itimerval t = {{0, 0}, {(long)wall, (long)((wall - (long)wall) * 1e6)}};
    setitimer(ITIMER_REAL, &t, 0);
  }
  int status;
  struct rusage ru;
  while (wait4(child, &status, 0, &ru) < 0)
    ;
  printf("%ld.%06ld %ld.%06ld %ld ", (long)ru.ru_utime.tv_sec, (long)ru.ru_utime.tv_usec, (long)ru.ru_stime.tv_sec,
         (long)ru.ru_stime.tv_usec, ru.ru_maxrss);
  if (stopped || (WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL)))
    printf("stopped\n");
  else
    printf("%d\n", WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
  return 0;
}
