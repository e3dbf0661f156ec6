#!/bin/bash
BIN=/work/latejoin/build/npuzzle
cd /tmp/t2
HEURISTIC=zpdb:6666 NPUZZLE=$BIN /usr/bin/time -v -o z$1.time /work/latejoin/scripts/korf24_best.sh 3 4 26 > z$1.csv 2> z$1.err
echo "Z$1 $(date -u +%T) $(grep -E 'Elapsed|Maximum resident' z$1.time | tr -s ' ' | tr '\n' ' ')"
