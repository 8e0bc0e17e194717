/* A text's control characters shown as \xNN, for messages that quote an
 * input's bytes. */
#include <stdio.h>

#include "formats.h"

void fmt_show_controls(const char *text, char *out, size_t n) {
  size_t used = 0;
  if (n)
    out[0] = '\0';
  for (const unsigned char *c = (const unsigned char *)text; *c && used + 4 < n; c++)
    used += (size_t)snprintf(out + used, n - used, *c < 0x20 || *c == 0x7f ? "\\x%02x" : "%c", *c);
}
