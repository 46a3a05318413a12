#!/usr/bin/env python3
"""Counts `duplicates` pairs whose two sides lie in different parts (features/modules) of apps/.

CROSS_DUP_OUT=<file> writes the cross pairs there (default /tmp/cross-duplicates.txt) and every
pair to <file>.all; ALL_PAIRS=1 also prints every part pair's count, within parts too."""
import os, re, shutil, subprocess, sys, tempfile, glob, json
ROOT = sys.argv[1] if len(sys.argv) > 1 else os.getcwd()
os.chdir(ROOT)
files = subprocess.run(['git', 'ls-files', 'apps'], capture_output=True, text=True).stdout.split()
files += subprocess.run(['git', 'ls-files', '--others', '--exclude-standard', 'apps'], capture_output=True, text=True).stdout.split()
def part_of(f):
    p = f.split('/')
    if f.startswith('apps/server/src/modules/') and len(p) > 5: return '/'.join(p[:5])
    if f.startswith('apps/server/src/') and len(p) > 4: return '/'.join(p[:4])
    if (f.startswith('apps/web/src/features/') or f.startswith('apps/web/src/shared/')) and len(p) > 5: return '/'.join(p[:5])
    if f.startswith('apps/web/src/') and len(p) > 4: return '/'.join(p[:4])
    if f.startswith('apps/server/test/') or f.startswith('apps/web/e2e/'): return '/'.join(p[:3])
    return f
parts = {}
for f in files:
    if os.path.isfile(f): parts.setdefault(part_of(f), []).append(f)
ROW = re.compile(r'^D\d+ (\S+):(\d+-\d+) ~ (\S+):(\d+-\d+)(.*)$')
def run(keys):
    tmp = tempfile.mkdtemp()
    for k in keys:
        for f in parts[k]:
            d = os.path.join(tmp, os.path.dirname(f)); os.makedirs(d, exist_ok=True)
            shutil.copy(f, os.path.join(tmp, f))
    out = subprocess.run(['duplicates', '--repo', tmp, '--most', '200', '--seconds', '120'], capture_output=True, text=True).stdout
    shutil.rmtree(tmp)
    lines = out.splitlines()
    m = re.match(r'^(\d+) pairs', lines[0] if lines else '')
    n = int(m.group(1)) if m else 0
    rows = set()
    for l in lines:
        r = ROW.match(l)
        if r:
            a, b = (r.group(1), r.group(3)) if r.group(1) < r.group(3) else (r.group(3), r.group(1))
            rows.add((a, b)); DETAIL[(a, b)] = l
    return n, rows
cache = {}
DETAIL = {}
def rows_of(keys):
    key = tuple(sorted(keys))
    if key in cache: return cache[key]
    n, rows = run(keys)
    if n <= 200:
        cache[key] = rows; return rows
    if len(keys) == 1:
        print('too many in one part', keys, n, file=sys.stderr); cache[key] = rows; return rows
    h = len(keys) // 2
    A, B = list(key[:h]), list(key[h:])
    res = rows_of(A) | rows_of(B) | cross(A, B)
    cache[key] = res; return res
def cross(A, B):
    n, rows = run(A + B)
    if n <= 200:
        return {r for r in rows if (part_of(r[0]) in A) != (part_of(r[1]) in A)}
    if len(A) >= len(B) and len(A) > 1:
        h = len(A) // 2; return cross(A[:h], B) | cross(A[h:], B)
    if len(B) > 1:
        h = len(B) // 2; return cross(A, B[:h]) | cross(A, B[h:])
    return {r for r in rows if (part_of(r[0]) in A) != (part_of(r[1]) in A)}
allrows = rows_of(sorted(parts))
xs = sorted(r for r in allrows if part_of(r[0]) != part_of(r[1]))
print(f'pairs in apps/: {len(allrows)}; across parts: {len(xs)}')
OUT = os.environ.get('CROSS_DUP_OUT', '/tmp/cross-duplicates.txt')
open(OUT,'w').write('\n'.join(DETAIL[r] for r in xs)+'\n')
open(OUT + '.all','w').write('\n'.join(DETAIL[r] for r in sorted(allrows))+'\n')
print('boilerplate:', sum('boilerplate' in DETAIL[r] for r in xs), 'shape (not boilerplate):', sum('shape' in DETAIL[r] and 'boilerplate' not in DETAIL[r] for r in xs))
from collections import Counter
c = Counter(tuple(sorted((part_of(a), part_of(b)))) for a, b in xs)
for k, v in c.most_common(40): print(v, k[0], '~', k[1])
if os.environ.get('ALL_PAIRS'):
    print('--- every pair by part (within parts too):')
    for k, v in Counter(tuple(sorted((part_of(a), part_of(b)))) for a, b in allrows).most_common(): print(v, k[0], '~', k[1])
