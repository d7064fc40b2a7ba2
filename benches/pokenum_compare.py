#!/usr/bin/env python3
"""Usage: POKENUM=path/to/pokenum [POKENUM_LIB=its .libs] benches/pokenum_compare.py [STUDBOT] [RUNS] [GAMES]

Side by side: pokenum (poker-eval) and studbot equity --exact --threads 1, each as a whole
process pinned to core 0, measured by its CPU time (user + sys); runouts/s = runouts / that. A
spot that takes longer than 50 ms gives its best of RUNS runs (3 unless told); a shorter one
gives the median of SHORT_RUNS runs (200 unless set in the environment).

A whole process also pays its start-up (exec, the dynamic loader, parsing the arguments), which
is most of the time of a spot with few runouts. So each tool also runs a seventh-street spot of
as many players (one runout: start-up and printing only), in turn with the spot itself, and the
last columns divide the runouts by the time past that: the enumeration's own rate, as a whole
process measures it."""
import json, os, resource, statistics, subprocess, sys

POKENUM = os.environ.get("POKENUM", "pokenum")
LIBDIR = os.environ.get("POKENUM_LIB", "")
STUDBOT = sys.argv[1] if len(sys.argv) > 1 else "target/release/studbot"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
SHORT_RUNS = int(os.environ.get("SHORT_RUNS", "200"))
FLAG = {"stud8": "-7s8", "stud": "-7s", "razz": "-r"}

SPOTS = [
    # name, hands, dead
    ("heads-up 4th, 8 dead", ["As 2h 3d 9c", "Kd Kh 7c 6s"], "2c 8d 8h Ks Qs Jc Tc 3s"),
    ("3-way 5th, 8 dead", ["As 2h 3d 9c 9s", "Kd Kh 7c 6s 5d", "4c 5c Qh Jh Td"], "2c 8d 8h Ks Qs Jc Tc 3s"),
    ("3-way 6th", ["As 2h 3d 9c 9s 4s", "Kd Kh 7c 6s 5d 4h", "4c 5c Qh Jh Td 3c"], ""),
    ("4-way 5th, 12 dead", ["As 2h 3d 9c 9s", "Kd Kh 7c 6s 5d", "4c 5c Qh Jh Td", "Ad 7h 7d 6d 2d"],
     "2c 8d 8h Ks Qs Jc Tc 3s Ac Kc 9h 5h"),
    ("4-way 6th", ["As 2h 3d 9c 9s 4s", "Kd Kh 7c 6s 5d 4h", "4c 5c Qh Jh Td 3c", "Ad 7h 7d 6d 2d 3h"], ""),
]

# Seventh street (one runout) for 2, 3 and 4 players: what a process costs with nothing to deal.
STARTUP = {
    2: ["As 2h 3d 9c 9s 4s 7s", "Kd Kh 7c 6s 5d 4h 8s"],
    3: ["As 2h 3d 9c 9s 4s 7s", "Kd Kh 7c 6s 5d 4h 8s", "4c 5c Qh Jh Td 3c 2d"],
    4: ["As 2h 3d 9c 9s 4s 7s", "Kd Kh 7c 6s 5d 4h 8s", "4c 5c Qh Jh Td 3c 2d",
        "Ad 7h 7d 6d 2s 3h Js"],
}

def cpu_once(cmd, env=None):
    """One run's CPU time (user + sys of the process, pinned to core 0) and its output. The
    machine is shared and loaded, so wall time mostly measures the other processes on core 0."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout

def measure(commands):
    """CPU time of each (cmd, env) and its output. A process of a few milliseconds varies by
    about a millisecond from run to run, as much as its enumeration takes: those are run
    SHORT_RUNS times, all of them in turn so that a busy moment of the machine falls on each
    alike, and give their median. Longer ones give their best of RUNS."""
    first = [cpu_once(cmd, env) for cmd, env in commands]
    outputs = [out for _, out in first]
    if all(seconds < 0.05 for seconds, _ in first):
        samples = [[seconds] for seconds, _ in first]
        for _ in range(SHORT_RUNS - 1):
            for index, (cmd, env) in enumerate(commands):
                samples[index].append(cpu_once(cmd, env)[0])
        return [statistics.median(times) for times in samples], outputs
    best = [seconds for seconds, _ in first]
    for _ in range(RUNS - 1):
        for index, (cmd, env) in enumerate(commands):
            best[index] = min(best[index], cpu_once(cmd, env)[0])
    return best, outputs

def commands(game, hands, dead):
    pk = [POKENUM, FLAG[game]]
    for i, hand in enumerate(hands):
        if i:
            pk.append("-")
        pk += hand.split()
    if dead:
        pk += ["/"] + dead.split()
    sb = [STUDBOT, "equity", "--exact", "--threads", "1", "--json", "--game", game]
    if dead:
        sb += ["--dead", dead]
    return pk, sb + hands

def rate(runouts, seconds):
    return f"{runouts / seconds / 1e6:.1f}" if seconds > 0 else "-"

def main():
    # Pinned here, not by running each tool under taskset: the children inherit the core, and
    # their CPU time is then theirs alone, not also that of loading taskset.
    os.sched_setaffinity(0, {0})
    games = sys.argv[3].split(",") if len(sys.argv) > 3 else ["stud8", "stud", "razz"]
    env = {"LD_LIBRARY_PATH": LIBDIR}
    print(f"{'spot':<22} {'game':<6} {'runouts':>13} {'pokenum cpu s':>13} {'studbot cpu s':>13} "
          f"{'pokenum M/s':>11} {'studbot M/s':>11} {'ratio':>7} {'pk start s':>10} {'sb start s':>10} "
          f"{'net pokenum M/s':>15} {'net studbot M/s':>15} {'net ratio':>9}")
    for game in games:
        for name, hands, dead in SPOTS:
            pk, sb = commands(game, hands, dead)
            pk_start, sb_start = commands(game, STARTUP[len(hands)], "")
            (pk_time, sb_time, pk_base, sb_base), (pk_out, sb_out, _, _) = measure(
                [(pk, env), (sb, None), (pk_start, env), (sb_start, None)])
            answer = json.loads(sb_out)
            runouts = answer["runouts"]
            outcomes = [line for line in pk_out.splitlines() if "enumerated outcomes" in line]
            pk_runouts = int(outcomes[0].split(":")[1].split()[0]) if outcomes else -1
            assert pk_runouts == runouts, (pk_runouts, runouts)
            pk_net, sb_net = pk_time - pk_base, sb_time - sb_base
            net_ratio = f"{pk_net / sb_net:.1f}x" if pk_net > 0 and sb_net > 0 else "-"
            print(f"{name:<22} {game:<6} {runouts:>13,} {pk_time:>13.4f} {sb_time:>13.4f} "
                  f"{rate(runouts, pk_time):>11} {rate(runouts, sb_time):>11} {pk_time/sb_time:>6.1f}x "
                  f"{pk_base:>10.4f} {sb_base:>10.4f} "
                  f"{rate(runouts, pk_net):>15} {rate(runouts, sb_net):>15} {net_ratio:>9}", flush=True)

main()
