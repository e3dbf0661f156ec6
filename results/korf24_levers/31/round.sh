#!/bin/bash
# One round of target 2's side-by-side measurement: P = pdb:6666 batch, B = korf24_best.sh.
# Usage: round.sh P|B TAG
set -u
BIN=/work/latejoin/build/npuzzle
cd /tmp/t2
case $1 in
  P) /usr/bin/time -v -o p$2.time $BIN batch -i trio.txt -o p$2.csv --heuristic pdb:6666 --prune fsm --threads 2 --no-progress 2> p$2.err ;;
  B) NPUZZLE=$BIN /usr/bin/time -v -o b$2.time /work/latejoin/scripts/korf24_best.sh 3 4 26 > b$2.csv 2> b$2.err ;;
esac
echo "$1$2 $(date -u +%T) $(grep -E 'Elapsed|Maximum resident' $(echo $1 | tr PB pb)$2.time | tr -s ' ' | tr '\n' ' ')"
