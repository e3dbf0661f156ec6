# Shared by the scripts that run Korf & Felner's 24-puzzles (sourced, not run).
# $root is the checkout.

# The column of datasets/korf50_24_catalogues.tsv that holds the published
# expansions of a heuristic's kind; fails for any other heuristic.
korf24_column() {
  case $1 in
    pdb:6666) echo reinefeld_apdb_expanded ;;
    zpdb:6666) echo reinefeld_zpdb_expanded ;;
    cat:small) echo small_zpdb_expanded ;;
    *) return 1 ;;
  esac
}

# korf24_published ID COLUMN: the published count of instance ID.
korf24_published() {
  awk -F'\t' -v id="$1" -v col="$2" 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == col) c = i; next }
      $1 == id { print $c }' "$root/datasets/korf50_24_catalogues.tsv"
}

# korf24_instance ID FILE: writes instance ID, with its goal, as a puzzle file.
korf24_instance() {
  echo "# goal: blank-first" >"$2"
  awk -v id="$1" '$1 == id' "$root/datasets/korf50_24.txt" >>"$2"
}
