#!/usr/bin/env python3
"""Differential fuzz of the Matrix Market readers (formats/mm_read.c,
formats/mm_vector.c, which reads an n x 1 coordinate vector through mm_read.c): random mutations of small valid files, read by the C
reader (through mm_read_driver) and by an independent Python reading of the
documented format (formats.h, mm_lex.h). They must agree on accept or reject,
and on every value bit for bit (duplicates summed in file order); the C side
must never crash. Usage: mm_fuzz.py DRIVER matrix|vector SEED CASES"""
import math
import os
import random
import re
import subprocess
import sys
import tempfile

MAX_DIM = (2**31 - 1) // 16 * 16  # FMT_MAX_DIM
LINE_MAX = 4094  # characters before the newline (MM_LINE_MAX - 2)
REAL = re.compile(r'^[+-]?((\d+\.?\d*)|(\.\d+))([eE][+-]?\d+)?$'
                  r'|^[+-]?0[xX]([0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)([pP][+-]?\d+)?$'
                  r'|^[+-]?(inf|infinity|nan(\([0-9A-Za-z_]*\))?)$', re.I)  # what strtod takes whole
INT = re.compile(r'^[+-]?\d+$')


def tokens(line):  # C-locale whitespace only (Python's split also splits at \x1c-\x1f)
    return [t for t in re.split('[ \t\r\v\f\n]+', line) if t]


def real(tok):
    if not REAL.match(tok):
        return None
    v = float.fromhex(tok) if 'x' in tok.lower() else float(tok)
    mantissa = re.split('[pP]' if 'x' in tok.lower() else '[eE]', tok)[0]
    if v == 0 and re.search('[1-9a-fA-F]' if 'x' in tok.lower() else '[1-9]', mantissa.lower().replace('0x', '', 1)):
        return None  # a nonzero number below the smallest subnormal double
    return v if math.isfinite(v) else None


def lines_of(data):
    """The file's lines, or None where the C reader must refuse the bytes."""
    if b'\0' in data:
        return None
    lines = data.decode('latin-1').split('\n')
    if lines[-1] == '':
        lines.pop()
    for k, line in enumerate(lines):
        if len(line) > LINE_MAX and not (k > 0 and line.startswith('%')):
            return None
    return lines


def read_matrix(data):
    lines = lines_of(data)
    if not lines:
        return None
    t = tokens(lines[0])
    if len(t) != 5 or [w.lower() for w in t[:2]] != ['%%matrixmarket', 'matrix'] or \
            t[2].lower() not in ('coordinate', 'array'):
        return None
    field, symmetry = t[3].lower(), t[4].lower()
    if field not in ('real', 'integer', 'pattern') or symmetry not in ('general', 'symmetric'):
        return None
    sym = symmetry == 'symmetric'
    rest = [l for l in lines[1:] if not l.startswith('%') and tokens(l)]
    if not rest:
        return None
    if t[2].lower() == 'array':
        return None if field == 'pattern' else read_array(rest, field == 'integer', sym)
    t = tokens(rest[0])
    if len(t) != 3 or not all(INT.match(w) for w in t):
        return None
    m, n, nnz = map(int, t)
    if not (1 <= m <= MAX_DIM and 1 <= n <= MAX_DIM and 0 <= nnz < 2**63) or (sym and m != n):
        return None
    if len(rest) - 1 != nnz:
        return None
    entries = []
    for line in rest[1:]:
        t = tokens(line)
        if len(t) != (2 if field == 'pattern' else 3) or not INT.match(t[0]) or not INT.match(t[1]):
            return None
        i, j = int(t[0]), int(t[1])
        if not (1 <= i <= m and 1 <= j <= n) or (sym and i < j):
            return None
        if field == 'pattern':
            v = 1.0
        elif field == 'integer':
            if not INT.match(t[2]) or not -2**63 <= int(t[2]) < 2**63:
                return None
            v = float(int(t[2]))
        else:
            v = real(t[2])
            if v is None:
                return None
        entries.append((i - 1, j - 1, v))
        if sym and i != j:
            entries.append((j - 1, i - 1, v))
    summed = {}
    for i, j, v in entries:  # file order
        summed[(i, j)] = summed[(i, j)] + v if (i, j) in summed else v
        if not math.isfinite(summed[(i, j)]):
            return None
    return [m, n] + sorted(summed.items())


def value(tok, integer):
    if integer:
        return float(int(tok)) if INT.match(tok) and -2**63 <= int(tok) < 2**63 else None
    return real(tok)


def read_array(rest, integer, sym):
    """A dense matrix: m n, then one value per line, column by column (from the diagonal down where
    symmetric); zeros off the diagonal are not stored."""
    t = tokens(rest[0])
    if len(t) != 2 or not all(INT.match(w) for w in t):
        return None
    m, n = map(int, t)
    if not (1 <= m <= MAX_DIM and 1 <= n <= MAX_DIM) or (sym and m != n):
        return None
    positions = [(i, j) for j in range(n) for i in range(j if sym else 0, m)] \
        if len(rest) - 1 == (n * (n + 1) // 2 if sym else m * n) else None
    if positions is None:
        return None
    entries = {}
    for (i, j), line in zip(positions, rest[1:]):
        t = tokens(line)
        v = value(t[0], integer) if len(t) == 1 else None
        if v is None:
            return None
        if v != 0 or i == j:
            entries[(i, j)] = v
            if sym and i != j:
                entries[(j, i)] = v
    return [m, n] + sorted(entries.items())


def read_vector(data, n):
    lines = lines_of(data)
    if lines is None:
        return None
    filled = [l for l in lines if tokens(l)]
    plain = not filled or tokens(filled[0])[0].lower() != '%%matrixmarket'
    if not plain:
        if filled[0] is not lines[0]:
            return None  # the banner must be the first line
        t = tokens(filled[0])
        if len(t) == 5 and [w.lower() for w in t[1:3]] == ['matrix', 'coordinate']:  # an n x 1 matrix
            a = read_matrix(data)
            if a is None or a[:2] != [n, 1]:
                return None
            dense = [0.0] * n
            for (i, _), v in a[2:]:
                dense[i] = v
            return dense
        if len(t) != 5 or [w.lower() for w in t[1:3]] != ['matrix', 'array'] or \
                t[3].lower() not in ('real', 'integer') or t[4].lower() != 'general':
            return None
        rest = [l for l in lines[lines.index(filled[0]) + 1:] if not l.startswith('%') and tokens(l)]
        if not rest:
            return None
        t = tokens(rest[0])
        if len(t) != 2 or not all(INT.match(w) for w in t) or int(t[1]) != 1 or int(t[0]) != n:
            return None
        values = rest[1:]
        integer = tokens(filled[0])[3].lower() == 'integer'
    else:
        values = [l for l in lines if tokens(l) and not l.startswith(('%', '#'))]
        integer = False
    if len(values) != n:
        return None
    out = []
    for line in values:
        t = tokens(line)
        if len(t) != 1:
            return None
        if integer:  # an integer array's values are integers, as the matrix reader's are
            if not INT.match(t[0]) or not -2**63 <= int(t[0]) < 2**63:
                return None
            v = float(int(t[0]))
        else:
            v = real(t[0])
        if v is None:
            return None
        out.append(v)
    return out


SEEDS = {
    'matrix': [b'%%MatrixMarket matrix coordinate real general\n% c\n3 3 4\n1 1 4\n2 1 -1.5\n3 3 2e0\n1 1 0.25\n',
               b'%%MatrixMarket matrix coordinate real symmetric\n3 3 4\n1 1 4\n2 1 -1\n3 2 -1\n3 3 4\n',
               b'%%MatrixMarket matrix coordinate integer general\n2 3 3\n1 3 7\n2 2 -8\n1 3 1\n',
               b'%%MatrixMarket matrix coordinate pattern symmetric\n3 3 3\n2 1\n3 3\n1 1',
               b'%%MatrixMarket matrix array real symmetric\n% c\n3 3\n4\n-1\n0\n4\n\n-1.5\n4\n',
               b'%%MatrixMarket matrix array integer general\n2 3\n1\n0\n-2\n5\n0\n3\n'],
    'vector': [b'%%MatrixMarket matrix array real general\n% c\n4 1\n1\n-2.5\n3e-3\n4\n',
               b'1\n2\n# c\n3\n\n4\n', b'  1.0  \n2\n3\n4',
               b'%%MatrixMarket matrix array integer general\n4 1\n1\n2\n3\n4\n',
               b'%%MatrixMarket matrix coordinate real general\n4 1 3\n4 1 2.5\n1 1 -1\n4 1 0.5\n'],
}
PIECES = [b'\n', b' ', b'\t', b'%', b'#', b'1', b'2', b'e', b'-', b'.', b'nan', b'inf', b'0x1p3', b'\0', b'x',
          b'1e308', b'1e999', b'\r\n', b'general', b'symmetric', b'pattern', b'integer', b'array', b'coordinate', b'4 1', b'0']


# Not FMT_MAX_DIM itself: a valid size line of 2^31 - 16 rows takes O(rows) memory and time to read.
TOKENS = [b'0', b'1', b'2', b'3', b'4', b'5', b'-1', b'+2', b'1.5', b'-0', b'1e308', b'-1e308', b'4.9e-324',
          b'nan', b'inf', b'x', b'2147483633', b'9223372036854775807', b'9223372036854775808', b'',
          b'1e-400', b'-0x1p-1080', b'0e-400', b'2.5e-324']


def mutate(rng, data):
    """1-3 edits: a number of the size line or any token replaced (often by a boundary value), bytes
    inserted, deleted or changed; now and then the whole file replaced by whitespace."""
    if rng.random() < 0.02:
        return bytes(rng.choice(b' \t\n\r\v\f') for _ in range(rng.randint(0, 12)))
    d = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        p, op = rng.randint(0, len(d)), rng.random()
        spans = [m.span() for m in re.finditer(rb'[^ \t\n]+', bytes(d))]
        size = re.search(rb'\n([^%\n][^\n]*)', bytes(d))  # the size line (or a plain list's second line)
        if op < 0.15 and size:
            a, b = rng.choice([m.span() for m in re.finditer(rb'[^ \t\n]+', size.group(1))] or [(0, 0)])
            a, b = a + size.start(1), b + size.start(1)
            d[a:b] = rng.choice(TOKENS[:8])
        elif op < 0.45 and spans:
            a, b = rng.choice(spans)
            d[a:b] = rng.choice(TOKENS)
        elif op < 0.65:
            d[p:p] = rng.choice(PIECES)
        elif op < 0.85 and len(d) > 1:
            del d[p:p + rng.randint(1, 3)]
        elif p < len(d):
            d[p] = rng.randint(0, 255)
    return bytes(d)


VALUES = [b'0', b'-0', b'7', b'-3', b'+2', b'1.5', b'-2.25e-3', b'1e308', b'4.9e-324', b'0.1', b'123456789']


def revalue(rng, data):
    """The seed with one entry's last token (its value) replaced by a valid number. Most such files are
    accepted, so the two readers' values get compared bit for bit (a quarter of the cases)."""
    lines = data.split(b'\n')
    entries = [i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith((b'%', b'#'))]
    if data.startswith(b'%%'):
        entries = entries[1:]  # the size line
    i = rng.choice(entries)
    tokens = lines[i].split()
    tokens[-1] = rng.choice(VALUES)
    lines[i] = b' '.join(tokens)
    return b'\n'.join(lines)


def bits(reading):
    """A reading with each value as its exact hex form, so that -0.0 and 0.0 differ."""
    if reading is None:
        return None
    return [v.hex() if isinstance(v, float) else (v[0], v[1].hex()) if isinstance(v, tuple) else v for v in reading]


def main():
    driver, kind, seed, cases = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    rng, failures, accepted = random.Random(seed), 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, 'f.mtx')
        for case in range(cases):
            data = (revalue if case % 4 == 0 else mutate)(rng, rng.choice(SEEDS[kind]))
            with open(path, 'wb') as f:
                f.write(data)
            args = [driver, kind, path] + (['4'] if kind == 'vector' else [])
            try:
                r = subprocess.run(args, capture_output=True, timeout=20)
            except subprocess.TimeoutExpired:
                print(f'FAIL timed out on {data!r}')
                failures += 1
                continue
            want = read_matrix(data) if kind == 'matrix' else read_vector(data, 4)
            if r.returncode not in (0, 1):
                print(f'FAIL exit {r.returncode} on {data!r}: {r.stderr[:200]!r}')
                failures += 1
                continue
            got = None
            accepted += r.returncode == 0
            if r.returncode == 0:
                out = r.stdout.decode().split('\n')
                if kind == 'vector':
                    got = [float(v) for v in out if v]
                else:
                    m, n, nnz = map(int, out[0].split())
                    got = [m, n] + sorted(((int(i), int(j)), float(v)) for i, j, v in
                                          (line.split() for line in out[1:1 + nnz]))
            if bits(got) != bits(want):
                print(f'FAIL {data!r}:\n  Python reading: {want}\n  C reader: {got} {r.stdout[:160]!r}')
                failures += 1
    print(f'mm_fuzz {kind} seed {seed}: {cases} cases, {accepted} accepted, {failures} disagreements')
    if accepted * 10 < cases:  # the values are compared on accepted files only
        print(f'FAIL only {accepted} of {cases} files were accepted (at least a tenth must be)')
        failures += 1
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
