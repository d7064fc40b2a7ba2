#!/bin/sh
# How much the terminal game prints: plays `studbot play` six-handed from a fresh data
# directory, answering each of your turns in turn with the words given (call, call, fold by
# default), then quits, and prints the hands dealt, the non-empty lines printed, the lines a
# hand and how often the timer's rule was said. The pause between hands is real time
# (about 2 s a hand); nothing else waits.
#
#   scripts/terminal_lines.sh BINARY [ANSWERS] [SEED]
#   scripts/terminal_lines.sh target/release/studbot 150 11
set -eu
binary=$1
answers=${2:-150}
seed=${3:-11}
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
out="$data/out.txt"
{ yes 'c
c
f' | head -n "$answers"; echo quit; } |
    "$binary" play --data "$data/bank" --create --players 6 --street-pause-ms 0 --seed "$seed" \
        >"$out"
hands=$(grep -c ' — results' "$out" || true)
lines=$(grep -c . "$out" || true)
timer=$(grep -c 'If time runs out' "$out" || true)
echo "hands $hands, lines $lines, lines a hand $(awk "BEGIN { printf \"%.1f\", $lines / ($hands ? $hands : 1) }"), timer's rule said $timer times"
