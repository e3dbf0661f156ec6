#!/usr/bin/env python3
"""Is a dual lookup of an additive PDB admissible on a sliding-tile board?

Felner, Zahavi, Schaeffer and Holte ("Dual lookups in pattern databases",
IJCAI 2005) look a state's inverse permutation up in the same tables: in the
dual, cell t holds the tile number of the cell where tile t stands. This
program checks that lookup against ground truth: it computes every state's
exact distance by breadth-first search (blank-first goal: blank in cell 0,
tile t in cell t), builds the additive tables of PARTITION by 0-1 BFS over
the abstract space (a move of a pattern tile costs 1, of any other tile 0;
"plain" takes the minimum over the blank, "zero-aware" keeps it), and counts
the states whose dual value exceeds their distance.

Usage: scripts/dual_lookup_check.py [ROWS COLS PARTITION]
       (default: 3 3 1,2,3,4/5,6,7,8; PARTITION as in zpdb:/pdb: specs)
"""
import collections
import sys

rows, cols = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) > 2 else (3, 3)
spec = sys.argv[3] if len(sys.argv) > 3 else "1,2,3,4/5,6,7,8"
parts = [tuple(int(t) for t in p.split(",")) for p in spec.split("/")]
cells = rows * cols


def neighbours(c):
    r, k = divmod(c, cols)
    return [(r + dr) * cols + k + dk for dr, dk in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < rows and 0 <= k + dk < cols]


adjacent = [neighbours(c) for c in range(cells)]
goal = tuple(range(cells))  # board[cell] = tile; the blank is tile 0
distance = {goal: 0}
queue = collections.deque([goal])
while queue:
    board = queue.popleft()
    blank = board.index(0)
    for n in adjacent[blank]:
        child = list(board)
        child[blank], child[n] = child[n], child[blank]
        child = tuple(child)
        if child not in distance:
            distance[child] = distance[board] + 1
            queue.append(child)


def build(pattern):
    """0-1 BFS from the goal over (cells of the pattern's tiles, blank cell)."""
    start = (tuple(pattern), 0)
    table = {start: 0}
    deque = collections.deque([start])
    while deque:
        state = deque.popleft()
        placed, blank = state
        where = {c: i for i, c in enumerate(placed)}
        for n in adjacent[blank]:
            if n in where:
                moved = list(placed)
                moved[where[n]] = blank
                child, cost = (tuple(moved), n), table[state] + 1
            else:
                child, cost = (placed, n), table[state]
            if child not in table or table[child] > cost:
                table[child] = cost
                (deque.appendleft if cost == table[state] else deque.append)(child)
    return table


zero_aware_tables = [build(p) for p in parts]
plain_tables = []
for table in zero_aware_tables:
    plain = {}
    for (placed, _), d in table.items():
        plain[placed] = min(plain.get(placed, 1 << 30), d)
    plain_tables.append(plain)


def value(position, tables, zero_aware):
    """The additive value of the board whose tile t stands in cell position[t]."""
    total = 0
    for pattern, table in zip(parts, tables):
        placed = tuple(position[t] for t in pattern)
        total += table[(placed, position[0])] if zero_aware else table[placed]
    return total


print(f"{rows}x{cols}, {len(distance)} states, partition {spec}")
for name, tables, zero_aware in (("plain", plain_tables, False), ("zero-aware", zero_aware_tables, True)):
    over = over_blank_home = 0
    h_sum = max_sum = home = home_h = home_max = 0
    for board, d in distance.items():
        position = [0] * cells
        for c, t in enumerate(board):
            position[t] = c
        # The dual (cell c holds position[c]) has tile t in cell board[t]:
        # its positions are the board itself.
        h = value(position, tables, zero_aware)
        h_dual = value(board, tables, zero_aware)
        if h > d:
            raise SystemExit("the regular lookup overestimates: the tables are wrong")
        if h_dual > d:
            over += 1
            over_blank_home += board[0] == 0
        h_sum += h
        max_sum += max(h, h_dual)
        if board[0] == 0:
            home += 1
            home_h += h
            home_max += max(h, h_dual)
    n = len(distance)
    print(f"  {name}: the dual lookup overestimates on {over} states ({100 * over / n:.1f}%), "
          f"{over_blank_home} of them with the blank in its goal cell")
    print(f"    average h {h_sum / n:.3f}; max(h, dual) {max_sum / n:.3f} (not admissible); "
          f"blank in its goal cell ({home} states): h {home_h / home:.3f}, max(h, dual) {home_max / home:.3f}")
