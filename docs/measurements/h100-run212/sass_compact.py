import csv, gzip, sys
src, title = sys.argv[1], sys.argv[2]
rows = list(csv.reader(gzip.open(src, 'rt')))
# the file may hold several kernels: split at "Kernel Name" rows
kernels = []
cur = None
for r in rows:
    if r and r[0] == 'Kernel Name':
        cur = {'name': r[1], 'rows': []}; kernels.append(cur); continue
    if r and r[0] == 'Address':
        cur['hdr'] = r; continue
    if cur is not None and r and r[0].startswith('0x'):
        cur['rows'].append(r)
out = []
seen = set()
for k in kernels:
    rs = k['rows']
    if k['name'] in seen or not rs:
        continue
    seen.add(k['name'])
    hdr = k['hdr']
    ri = [j for j, h in enumerate(hdr) if h.startswith('stall_') and 'Not Issued' not in h]
    reasons = [hdr[j] for j in ri]
    col = {h: j for j, h in enumerate(hdr)}
    S, I, T, A = col['Warp Stall Sampling (All Samples)'], col['Instructions Executed'], col['Thread Instructions Executed'], col['Avg. Threads Executed']
    tot_s = sum(int(r[S]) for r in rs) or 1
    tot_i = sum(int(r[I]) for r in rs)
    tot_t = sum(int(r[T]) for r in rs)
    by = [0]*len(reasons)
    for r in rs:
        for j in range(len(reasons)):
            by[j] += int(r[ri[j]])
    out.append('%s: %s' % (title, k['name'][:90]))
    out.append('columns: index, share of all stall samples %, warp instructions executed (M), average threads executed, main stall reason, SASS')
    out.append('stall samples %d, warp instructions %.1f M, %.2f threads per instruction; samples by reason %%: %s' % (
        tot_s, tot_i / 1e6, tot_t / max(tot_i, 1),
        ', '.join('%s %.1f' % (reasons[j].replace('stall_', ''), 100.0 * by[j] / tot_s) for j in sorted(range(len(reasons)), key=lambda j: -by[j]) if by[j] * 1000 >= tot_s)))
    for idx, r in enumerate(rs):
        s = int(r[S]); ins = int(r[I])
        vals = [int(r[ri[j]]) for j in range(len(reasons))]
        main = reasons[vals.index(max(vals))].replace('stall_', '') if max(vals) > 0 else '-'
        out.append('%4d %5.1f %7.2f %5.1f %-14s %s' % (idx, 100.0 * s / tot_s, ins / 1e6, float(r[A]) if r[A] not in ('', '-') else 0, main, r[1].strip()))
    out.append('')
print('\n'.join(out))
