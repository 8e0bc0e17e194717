/* Opening a file by path, where the path may name a FIFO this process
 * already holds open (a shell's `< fifo` reached as /dev/stdin). Opening
 * a FIFO again starts a new wait for the program at its other end: once
 * the writer has finished, a reader's open never returns, though the data
 * sits in the pipe behind the descriptor held. Such a path is read (or
 * written) through a copy of that descriptor instead. */
#define _POSIX_C_SOURCE 200809L /* fdopen, fileno */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats.h"

/* The descriptor that path names as /dev/stdin, /dev/stdout, /dev/stderr,
 * /dev/fd/N or /proc/self/fd/N; -1 for any other path. */
static int named_fd(const char *path) {
  static const char *const std[] = {"/dev/stdin", "/dev/stdout", "/dev/stderr"};
  for (int fd = 0; fd < 3; fd++)
    if (!strcmp(path, std[fd]))
      return fd;
  const char *digits = NULL;
  if (!strncmp(path, "/dev/fd/", 8))
    digits = path + 8;
  else if (!strncmp(path, "/proc/self/fd/", 14))
    digits = path + 14;
  if (!digits || *digits < '0' || *digits > '9')
    return -1;
  char *end;
  long fd = strtol(digits, &end, 10);
  return *end == '\0' && fd < 1 << 20 ? (int)fd : -1;
}

/* Whether fd is open for the access wanted and is the FIFO st describes. */
static int holds_fifo(int fd, const struct stat *st, int for_writing) {
  struct stat held;
  int flags = fcntl(fd, F_GETFL);
  if (flags < 0 || fstat(fd, &held) != 0 || !S_ISFIFO(held.st_mode))
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
  if (fd >= 0)
    return holds_fifo(fd, &st, for_writing) ? fd : -1;
  fd = for_writing ? 1 : 0; /* the FIFO by its own name, held as stdin or stdout */
  return holds_fifo(fd, &st, for_writing) ? fd : -1;
}

FILE *fmt_open_file(const char *path, int for_writing) {
  const char *mode = for_writing ? "w" : "r";
  int held = fmt_held_fifo(path, for_writing);
  if (held < 0)
    return fopen(path, mode);
  int copy = dup(held);
  if (copy < 0)
    return NULL;
  FILE *f = fdopen(copy, mode);
  if (!f)
    close(copy);
  return f;
}
