#!/usr/bin/env python3
"""Writes configs/matrices/diffusion2d_40.mtx: -div(k grad u) on a 40 x 40 grid,
5-point finite differences, Dirichlet boundary, with k = 1 except k = 1000 in
the square [10, 30) x [10, 30) (a coefficient jump of 10^3). Symmetric positive
definite; stored as a Matrix Market 'symmetric' file (lower triangle).
Usage: scripts/make_diffusion_mtx.py [n] > file.mtx"""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 40


def k(x, y):
    return 1000.0 if n // 4 <= x < 3 * n // 4 and n // 4 <= y < 3 * n // 4 else 1.0


def face(x0, y0, x1, y1):  # harmonic mean of the two cells' coefficients
    a, b = k(x0, y0), k(x1, y1)
    return 2 * a * b / (a + b)


entries = []
for y in range(n):
    for x in range(n):
        i = x + n * y
        diag = 0.0
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            xx, yy = x + dx, y + dy
            if 0 <= xx < n and 0 <= yy < n:
                w = face(x, y, xx, yy)
                diag += w
                j = xx + n * yy
                if j < i:
                    entries.append((i, j, -w))
            else:
                diag += 2 * k(x, y)  # Dirichlet wall at half a cell
        entries.append((i, i, diag))
out = sys.stdout
out.write("%%MatrixMarket matrix coordinate real symmetric\n")
out.write("%% -div(k grad u), %d x %d grid, k jumps by 1e3 in the middle square\n" % (n, n))
out.write("%d %d %d\n" % (n * n, n * n, len(entries)))
for i, j, v in sorted(entries):
    out.write("%d %d %.17g\n" % (i + 1, j + 1, v))
