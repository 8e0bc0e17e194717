#include "formats.h"
