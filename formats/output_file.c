/* Output files that are removed when their write fails part way (a full
 * disk, a file size limit): a truncated result must not be left where a
 * later step would read it as complete, as compilers remove a failed object
 * file. Only the file that was opened is removed: a regular file, still at
 * the path with the device and inode it had when opened. A link is not
 * followed (its target is named as incomplete), and a device, a FIFO or a
 * socket is left as it is. */
#define _POSIX_C_SOURCE 200809L /* fileno, lstat */
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats.h"

int fmt_output_open(fmt_output *o, const char *path) {
  o->path = path;
  o->dev = o->ino = 0;
  o->regular = 0;
  o->f = fmt_open_file(path, 1);
  if (!o->f)
    return -1;
  struct stat st;
  if (fstat(fileno(o->f), &st) == 0 && S_ISREG(st.st_mode)) {
    o->dev = (unsigned long long)st.st_dev;
    o->ino = (unsigned long long)st.st_ino;
    o->regular = 1;
  }
  return 0;
}

/* Whether st describes the file o opened. */
static int opened_file(const fmt_output *o, const struct stat *st) {
  return (unsigned long long)st->st_dev == o->dev && (unsigned long long)st->st_ino == o->ino;
}

/* Removes the partial file o wrote; the phrase for the message. */
static const char *remove_partial(const fmt_output *o) {
  struct stat st;
  if (!o->regular || lstat(o->path, &st) != 0)
    return "";
  if (S_ISLNK(st.st_mode))
    return stat(o->path, &st) == 0 && opened_file(o, &st) ? "; the file it links to holds an incomplete write" : "";
  if (!opened_file(o, &st))
    return "; another file has taken its name since, and is left";
  return unlink(o->path) == 0 ? "; the partial file was removed" : "; the partial file could not be removed";
}

int fmt_output_close(fmt_output *o, int failed, int *err, const char **note) {
  *note = "";
  if (!o->f)
    return failed ? -1 : 0;
  if (!failed && ferror(o->f)) {
    failed = 1;
    *err = errno; /* as the failed write left it */
  }
  if (fclose(o->f) != 0 && !failed) {
    failed = 1;
    *err = errno;
  }
  o->f = NULL;
  if (!failed)
    return 0;
  int saved = errno;
  *note = remove_partial(o);
  errno = saved;
  return -1;
}
