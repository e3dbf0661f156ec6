#!/bin/bash
# pair.sh OUTLOG INPUT MAXNODES ROUNDS BIN_A BIN_B [extra args...]: A and B at once, one per core, cores swapped each round
out=$1; in=$2; max=$3; rounds=$4; A=$5; B=$6; shift 6
for r in $(seq 1 $rounds); do
  if [ $((r % 2)) = 1 ]; then ca=0; cb=1; else ca=1; cb=0; fi
  for c in A B; do
    case $c in A) bin=$A; core=$ca;; B) bin=$B; core=$cb;; esac
    ( s=$(date +%s.%N)
      taskset -c $core $bin batch -i $in -o /tmp/v/r$c.csv --heuristic zpdb:6666 --prune fsm --threads 1 ${max:+--max-nodes $max} --no-progress "$@" 2>/dev/null
      e=$(date +%s.%N)
      echo "$r $c core$core $(echo "$e - $s" | bc) $(tail -n +2 /tmp/v/r$c.csv | cut -d, -f1,4,7,8,9 | tr '\n' ' ')" >> $out ) &
  done
  wait
done
