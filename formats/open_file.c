/* Opening a file by path, where the path may name a FIFO this process
 * already holds open (a shell's `< fifo` reached as /dev/stdin). A plain
 * open of a FIFO waits for a program at its other end: once the writer has
 * finished, a reader's open never returns, though the data sits in the pipe
 * behind the descriptor held. Such a FIFO is opened without waiting (then
 * read or written as usual, blocking), as a new open file description: a
 * copy of the held descriptor would share its offset and its flags. */
#define _POSIX_C_SOURCE 200809L /* fdopen */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats.h"

/* The descriptor that path names as /dev/stdin, /dev/stdout, /dev/stderr,
 * /dev/fd/N or /proc/self/fd/N; -1 for any other path. */
static int named_fd(const char *path) {
  static const char *const standard[] = {"/dev/stdin", "/dev/stdout", "/dev/stderr"};
  for (int fd = 0; fd < 3; fd++)
    if (!strcmp(path, standard[fd]))
      return fd;
  const char *digits = NULL;
  if (!strncmp(path, "/dev/fd/", 8))
    digits = path + 8;
  else if (!strncmp(path, "/proc/self/fd/", 14))
    digits = path + 14;
  if (!digits || *digits < '0' || *digits > '9')
    return -1;
  char *end;
  errno = 0;
  long fd = strtol(digits, &end, 10);
  return *end == '\0' && errno == 0 && fd <= INT_MAX ? (int)fd : -1;
}

/* Whether fd is open for the access wanted, on the FIFO st describes. */
static int holds_fifo(int fd, const struct stat *st, int for_writing) {
  struct stat held;
  int flags = fcntl(fd, F_GETFL);
  if (flags < 0 || fstat(fd, &held) != 0)
    return 0;
  int access = flags & O_ACCMODE;
  int usable = for_writing ? access != O_RDONLY : access != O_WRONLY;
  return usable && held.st_dev == st->st_dev && held.st_ino == st->st_ino;
}

int fmt_held_fifo(const char *path, int for_writing) {
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISFIFO(st.st_mode))
    return -1;
  int fd = named_fd(path);
  if (fd < 0)
    fd = for_writing ? 1 : 0; /* the FIFO by its own name: held as stdout or stdin? */
  return holds_fifo(fd, &st, for_writing) ? fd : -1;
}

FILE *fmt_open_file(const char *path, int for_writing) {
  const char *mode = for_writing ? "w" : "r";
  if (fmt_held_fifo(path, for_writing) < 0)
    return fopen(path, mode);
  int fd = open(path, (for_writing ? O_WRONLY : O_RDONLY) | O_NONBLOCK);
  if (fd < 0)
    return NULL; /* for writing, ENXIO: no program reads the FIFO any more */
  int flags = fcntl(fd, F_GETFL);
  FILE *f = flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 ? fdopen(fd, mode) : NULL;
  if (!f) {
    int err = errno;
    close(fd);
    errno = err;
  }
  return f;
}
