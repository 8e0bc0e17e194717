/* Paths the programs write and read: whether two name one file, so that an
 * output never overwrites an input. POSIX (stat, lstat, readlink). */
#ifndef APPS_FILE_NAMES_H
#define APPS_FILE_NAMES_H

#include <stddef.h>

/* The directory path's last component is in, in dir (n bytes): "." for a
 * bare name, "/" for a name in the root. */
void app_parent_dir(const char *path, char *dir, size_t n);

/* Two names of one file, existing or to be written: the same string, one
 * file, one name in one directory ("./x" and "x"), or a dangling link and
 * the file it would create. A link that cannot be followed counts as the
 * same file: refusing is safer than overwriting. */
int app_same_file(const char *a, const char *b);

/* 1 where path names the regular file that descriptor fd writes to (as
 * /dev/stdout does with stdout redirected to a file). */
int app_is_fd_file(const char *path, int fd);

/* 1 where path names a FIFO (a named pipe), whose opening, for reading or
 * (output) for writing, waits for a program at its other end; 0 for an
 * anonymous pipe, which has one, and for a FIFO this process holds open
 * already (fmt_held_fifo), which is opened without waiting. */
int app_is_fifo(const char *path, int output);

#endif
