// Build: mkdir stub; cp spgemm/tile_accumulate.cuh stub/; echo > stub/device_util.cuh;
//        g++ -O2 -std=c++17 -iquote stub add_pair2_host_check.cpp && ./a.out  (printed: mismatches: 0 of 20000)
// host check: spgemm_add_pair2 == two spgemm_add_pair calls, bitwise, per lane (random tiles)
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#define __device__
#define __forceinline__ inline
#define __host__
static inline int __ffs(unsigned x) { return __builtin_ffs((int)x); }
static inline int __popc(unsigned x) { return __builtin_popcount(x); }
#define DEVICE_UTIL_CUH
#define FMT_TILE 16
#include "tile_accumulate.cuh"
int main() {
  srand(7);
  int bad = 0;
  for (int trial = 0; trial < 20000; trial++) {
    // two pairs: A rows r masks, B tiles staged rows (mask | rowptr << 16), values
    unsigned am[2]; int64_t ka[2], kb0[2]; uint32_t staged[32];
    static double a_val[1024], b_val[2048];
    for (int i = 0; i < 1024; i++) a_val[i] = (rand() % 2000 - 1000) / 7.0;
    for (int i = 0; i < 2048; i++) b_val[i] = (rand() % 2000 - 1000) / 3.0;
    int r = rand() % 16; bool dense = rand() % 2;
    for (int g = 0; g < 2; g++) {
      am[g] = rand() % 4 ? (unsigned)(rand() & rand() & 0xFFFF) : 0;
      ka[g] = rand() % 512; kb0[g] = rand() % 1024;
      int start = 0;
      for (int c = 0; c < 16; c++) { unsigned m = rand() & rand() & 0xFFFF; staged[16 * g + c] = m | ((uint32_t)start << 16); start += __builtin_popcount(m); }
    }
    unsigned mask_c = 0xFFFF; // sparse slots: all columns present
    double row1[256] = {0}, row2[256] = {0};
    unsigned t1 = 0, t2 = 0;
    for (int g = 0; g < 2; g++) spgemm_add_pair(am[g], ka[g], staged + 16 * g, kb0[g], dense, r, mask_c, a_val, b_val, row1, &t1);
    spgemm_add_pair2(am, ka, staged, kb0, dense, r, mask_c, a_val, b_val, row2, &t2);
    if (memcmp(row1, row2, sizeof row1) || t1 != t2) bad++;
  }
  printf("mismatches: %d of 20000\n", bad);
  return bad != 0;
}
