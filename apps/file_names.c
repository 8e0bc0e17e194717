/* Whether two paths name one file, whether one is a FIFO, and whether one is
 * where a descriptor writes (see file_names.h). */
#define _POSIX_C_SOURCE 200809L /* lstat, readlink, fstat */
#include "file_names.h"

#include "formats.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h> /* readlink, pipe, close */

#define LINK_TARGET_MAX 4096 /* Linux's PATH_MAX: the longest symbolic link target */
#define LINK_FOLLOW_MAX 40   /* the kernel's limit on links followed in one lookup */

void app_parent_dir(const char *path, char *dir, size_t n) {
  const char *slash = strrchr(path, '/');
  snprintf(dir, n, "%.*s", slash ? (slash == path ? 1 : (int)(slash - path)) : 1, slash ? path : ".");
}

/* What path names, for app_same_file: the file's device and inode where it
 * exists (1, *base NULL), else its directory's and its last component (2);
 * 0 where neither can be found. */
static int file_identity(const char *path, struct stat *st, const char **base) {
  *base = NULL;
  if (stat(path, st) == 0)
    return 1;
  const char *slash = strrchr(path, '/');
  char dir[2 * LINK_TARGET_MAX];
  app_parent_dir(path, dir, sizeof dir);
  *base = slash ? slash + 1 : path;
  return stat(dir, st) == 0 ? 2 : 0;
}

/* path, or where the dangling symbolic link path leads (following up to
 * LINK_FOLLOW_MAX links, as the kernel does), in buf (2 * LINK_TARGET_MAX
 * bytes): writing to the link creates that file. NULL where that cannot be
 * told: a target too long for the buffers, or still a link at the end. */
static const char *dangling_target(const char *path, char *buf) {
  struct stat st;
  char link[LINK_TARGET_MAX], from[2 * LINK_TARGET_MAX];
  const char *p = path;
  for (int k = 0; lstat(p, &st) == 0 && S_ISLNK(st.st_mode) && stat(p, &st) != 0; k++) {
    ssize_t len = readlink(p, link, sizeof link);
    if (k == LINK_FOLLOW_MAX || len < 0 || (size_t)len >= sizeof link)
      return NULL;
    link[len] = '\0';
    snprintf(from, sizeof from, "%s", p);
    const char *slash = strrchr(from, '/');
    if (link[0] == '/' || !slash)
      snprintf(buf, 2 * LINK_TARGET_MAX, "%s", link);
    else
      snprintf(buf, 2 * LINK_TARGET_MAX, "%.*s%s", (int)(slash - from) + 1, from, link);
    p = buf;
  }
  return p;
}

int app_same_file(const char *a, const char *b) {
  struct stat sa, sb;
  const char *base_a, *base_b;
  char buf_a[2 * LINK_TARGET_MAX], buf_b[2 * LINK_TARGET_MAX];
  if (!strcmp(a, b))
    return 1;
  a = dangling_target(a, buf_a);
  b = dangling_target(b, buf_b);
  if (!a || !b || !strcmp(a, b))
    return 1;
  int ka = file_identity(a, &sa, &base_a), kb = file_identity(b, &sb, &base_b);
  return ka && ka == kb && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino &&
         (ka == 1 || !strcmp(base_a, base_b));
}

/* Whether st is an anonymous pipe's (a shell's | or <(...), reached as
 * /dev/stdin or /dev/fd/N): those live on the pipe file system, whose
 * device a pipe made here tells; a FIFO lives on its directory's. */
static int anonymous_pipe(const struct stat *st) {
  int fd[2];
  struct stat own;
  if (pipe(fd) != 0)
    return 0;
  int same = fstat(fd[0], &own) == 0 && own.st_dev == st->st_dev;
  close(fd[0]);
  close(fd[1]);
  return same;
}

int app_is_fifo(const char *path, int output) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISFIFO(st.st_mode) && !anonymous_pipe(&st) && fmt_held_fifo(path, output) < 0;
}

int app_is_fd_file(const char *path, int fd) {
  struct stat sp, sf;
  return stat(path, &sp) == 0 && fstat(fd, &sf) == 0 && S_ISREG(sf.st_mode) && sp.st_dev == sf.st_dev &&
         sp.st_ino == sf.st_ino;
}
