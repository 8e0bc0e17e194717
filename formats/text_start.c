/* What a text file's first bytes show it is not: a byte-order mark, or
 * compressed data, which the readers would otherwise report as a bad banner,
 * a syntax error or a NUL byte. */
#include <string.h>

#include "formats.h"

const char *fmt_not_plain_text(const void *start, size_t n) {
  static const struct {
    const char *magic;
    size_t len;
    const char *what;
  } kinds[] = {
      {"\xEF\xBB\xBF", 3, "starts with a UTF-8 byte-order mark (bytes EF BB BF); save it without one"},
      {"\x1F\x8B", 2, "is gzip-compressed; decompress it first"},
      {"BZh", 3, "is bzip2-compressed; decompress it first"}, /* and a block size 1-9 */
      {"\xFD" "7zXZ", 5, "is xz-compressed; decompress it first"},
      {"\x28\xB5\x2F\xFD", 4, "is zstd-compressed; decompress it first"},
      {"PK\x03\x04", 4, "is a zip archive; extract the file first"},
  };
  for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
    if (n >= kinds[k].len && !memcmp(start, kinds[k].magic, kinds[k].len)) {
      const char *bytes = start;
      if (kinds[k].magic[0] == 'B' && !(n > 3 && bytes[3] >= '1' && bytes[3] <= '9'))
        continue;
      return kinds[k].what;
    }
  return NULL;
}
