#!/usr/bin/env bash
# docs/TESTING.md, "Benchmarks": studbot's random-action play against pokerkit's on the same work
# (six-player hands, every action a uniformly random legal one), each timed as a whole
# process in this one run, for every game; then studbot's computer players.
#
# Usage: scripts/speed_vs_pokerkit.sh [STUDBOT] [POKERKIT_HANDS] [STUDBOT_HANDS]
# (default: target/release/studbot, 1000 and 1000000 hands). Needs pokerkit
# (scripts/requirements.txt) and a release build (`cargo build --release`).
set -euo pipefail
studbot=${1:-target/release/studbot}
pokerkit_hands=${2:-1000}
studbot_hands=${3:-1000000}
here=$(dirname "$0")

seconds() { # runs "$@" quietly, prints its wall-clock seconds
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}

printf '%-6s %14s %16s %8s\n' game pokerkit_h/s studbot_h/s ratio
for game in stud8 stud razz; do
    pk=$(seconds python3 "$here/pokerkit_speed.py" --game "$game" --hands "$pokerkit_hands")
    sb=$(seconds "$studbot" sim --actions random --game "$game" --hands "$studbot_hands" --players 6)
    pk_rate=$(echo "$pokerkit_hands / $pk" | bc -l)
    sb_rate=$(echo "$studbot_hands / $sb" | bc -l)
    printf '%-6s %14.0f %16.0f %7.0fx\n' "$game" "$pk_rate" "$sb_rate" "$(echo "$sb_rate / $pk_rate" | bc -l)"
done
computer=$(seconds "$studbot" sim --hands 200000 --players 6)
printf 'computer players, 200000 six-player hands: %.0f hands/s (whole process)\n' \
    "$(echo "200000 / $computer" | bc -l)"
