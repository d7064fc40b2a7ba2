#!/usr/bin/env bash
# The strength of the `good` computer player against players we did not write (docs/TESTING.md,
# "Computer players' strength"): for each game, each opponent and each heads-up rule, a
# six-handed table of three `good` seats against three of the opponent, seats rotated, and a
# heads-up match, each HANDS hands. Prints one JSON line per cell (the `sim --json` report with
# the cell's name), then a table of `good`'s big bets per 100 hands a seat ± standard error.
#
# Every hand starts at the sim's stack (`sim --reset-stacks`, STACKS=reset, the default): with the
# stacks carried over (STACKS=carried) the winners' stacks grow all run long, and two maniacs
# heads-up with no cap raise each other to those stacks (after 1,000 hands of Stud/8, 1,334 raises
# on one seventh street between two of them, 15,942 and 13,455 chips deep), so an uncapped cell
# against the maniac slows down hand after hand and 60,000 hands do not end.
#
# Usage: scripts/computer_strength.sh [HANDS] [OUT]
#   HANDS  hands a cell (default 60000); OUT  the JSON lines file (default strength.jsonl)
# Env: STUDBOT (default target/release/studbot), EXAMPLES (default target/release/examples),
#      GAMES, OPPONENTS, CAPS, TABLES (space-separated subsets), SEED (default 1),
#      STACKS (reset or carried, default reset).
# Build first: cargo build --release && cargo build --release --examples
set -euo pipefail

hands=${1:-60000}
out=${2:-strength.jsonl}
studbot=${STUDBOT:-target/release/studbot}
examples=${EXAMPLES:-target/release/examples}
games=${GAMES:-"stud8 stud razz"}
opponents=${OPPONENTS:-"maniac calling_station tight_aggressive easy"}
caps=${CAPS:-"uncapped capped"}
tables=${TABLES:-"six heads-up"}
seed=${SEED:-1}
stacks=${STACKS:-reset}
reset=()
[ "$stacks" = reset ] && reset=(--reset-stacks)

for cap in $caps; do
  uncapped=true
  [ "$cap" = capped ] && uncapped=false
  for table in $tables; do
    for opponent in $opponents; do
      if [ "$opponent" = easy ]; then
        other=easy
        external=()
      else
        other=ext
        external=(--external "$examples/$opponent")
      fi
      if [ "$table" = six ]; then
        seats="good,$other,good,$other,good,$other"
      else
        seats="good,$other"
      fi
      for game in $games; do
        started=$(date +%s)
        report=$(nice -n 19 "$studbot" sim --seats "$seats" "${external[@]}" \
          --heads-up-uncapped "$uncapped" "${reset[@]}" --hands "$hands" --seed "$seed" \
          --game "$game" --json)
        seconds=$(( $(date +%s) - started ))
        jq -c --arg cell "$game $table $opponent $cap $stacks" --argjson seconds "$seconds" \
          '{cell: $cell, seconds: $seconds} + .' <<<"$report" | tee -a "$out"
      done
    done
  done
done

echo
echo "| game | table | opponent | heads-up raises | stacks | good, bb/100 a seat | opponent | errors | z | seconds |"
echo "|---|---|---|---|---|---|---|---|---|---|"
jq -r '
  (.levels[] | select(.level == "good")) as $good
  | (.levels[] | select(.level != "good")) as $other
  | (.cell | split(" ")) as $c
  | "| \($c[0]) | \($c[1]) | \($c[2]) | \($c[3]) | \($c[4] // "carried") | \($good.bb_per_100) ± \($good.bb_per_100_se) | \($other.bb_per_100) ± \($other.bb_per_100_se) | \([.seats[].errors] | add) | \(if $good.bb_per_100_se > 0 then ($good.bb_per_100 / $good.bb_per_100_se * 10 | round / 10) else "-" end) | \(.seconds) |"
' "$out"
