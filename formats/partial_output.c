/* An output file whose write failed part way (a full disk, a file size
 * limit): a truncated result must not be left where a later step would read
 * it as complete. A regular file is removed, as compilers remove a failed
 * object file; a device, a FIFO or a socket is left as it is, and a link is
 * not followed to remove its target. */
#define _POSIX_C_SOURCE 200809L /* lstat */
#include <sys/stat.h>
#include <unistd.h>

#include "formats.h"

const char *fmt_remove_partial_output(const char *path) {
  struct stat st;
  if (!path || lstat(path, &st) != 0)
    return "";
  if (S_ISLNK(st.st_mode))
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) ? "; the file it links to holds an incomplete write" : "";
  if (!S_ISREG(st.st_mode))
    return "";
  return unlink(path) == 0 ? "; the partial file was removed" : "; the partial file could not be removed";
}
