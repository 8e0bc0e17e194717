# The 2D 5-point Laplacian on n x n points (awk -v n=N), its rows shuffled by
# Fisher-Yates with the Park-Miller generator (exact in any awk's doubles).
BEGIN { N = n * n; s = 1
  for (k = 0; k < N; k++) p[k] = k
  for (k = N - 1; k > 0; k--) { s = (s * 16807) % 2147483647; j = s % (k + 1); t = p[k]; p[k] = p[j]; p[j] = t }
  printf "%%%%MatrixMarket matrix coordinate real general\n%d %d %d\n", N, N, 5 * N - 4 * n
  for (y = 0; y < n; y++) for (x = 0; x < n; x++) { i = p[y * n + x] + 1; printf "%d %d 4\n", i, i
    if (x > 0) printf "%d %d -1\n", i, p[y * n + x - 1] + 1
    if (x < n - 1) printf "%d %d -1\n", i, p[y * n + x + 1] + 1
    if (y > 0) printf "%d %d -1\n", i, p[y * n + x - n] + 1
    if (y < n - 1) printf "%d %d -1\n", i, p[y * n + x + n] + 1 } }
