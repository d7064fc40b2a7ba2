#!/usr/bin/env python3
"""Usage: POKENUM=path/to/pokenum [POKENUM_LIB=its .libs] benches/pokenum_compare.py [STUDBOT] [RUNS] [GAMES]

Side by side: pokenum (poker-eval) and studbot equity --exact --threads 1, each as a whole
process pinned to core 0, best CPU time (user + sys) of N runs; runouts/s = runouts / that.

A whole process also pays its start-up (exec, the dynamic loader, parsing the arguments), which
is most of the time of a spot with few runouts. So each tool also runs a seventh-street spot of
as many players (one runout: start-up and printing only), and the last columns divide the
runouts by the time past that: the enumeration's own rate, as a whole process measures it."""
import json, os, subprocess, sys, time

POKENUM = os.environ.get("POKENUM", "pokenum")
LIBDIR = os.environ.get("POKENUM_LIB", "")
STUDBOT = sys.argv[1] if len(sys.argv) > 1 else "target/release/studbot"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
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

def best(cmd, env=None):
    """Best CPU time (user + sys of the process) of RUNS runs: the machine is shared and
    loaded, so wall time mostly measures the other processes on core 0."""
    import os, resource
    times, walls, out = [], [], ""
    runs = RUNS
    while len(times) < runs:
        # A process of a few milliseconds is measured 30 times: its best is then steady.
        if len(times) == 1 and times[0] < 0.05:
            runs = max(RUNS, 30)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(["taskset", "-c", "0"] + cmd, capture_output=True, text=True, env=env, check=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
        out = done.stdout
    return min(times), out

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
    games = sys.argv[3].split(",") if len(sys.argv) > 3 else ["stud8", "stud", "razz"]
    env = {"LD_LIBRARY_PATH": LIBDIR}
    print(f"{'spot':<22} {'game':<6} {'runouts':>13} {'pokenum cpu s':>13} {'studbot cpu s':>13} "
          f"{'pokenum M/s':>11} {'studbot M/s':>11} {'ratio':>7} "
          f"{'net pokenum M/s':>15} {'net studbot M/s':>15} {'net ratio':>9}")
    for game in games:
        startup = {}
        for players, hands in STARTUP.items():
            pk, sb = commands(game, hands, "")
            startup[players] = (best(pk, env)[0], best(sb)[0])
            print(f"{'start-up, ' + str(players) + ' players':<22} {game:<6} {1:>13,} "
                  f"{startup[players][0]:>13.4f} {startup[players][1]:>13.4f}", flush=True)
        for name, hands, dead in SPOTS:
            pk, sb = commands(game, hands, dead)
            pk_time, pk_out = best(pk, env)
            sb_time, sb_out = best(sb)
            answer = json.loads(sb_out)
            runouts = answer["runouts"]
            outcomes = [line for line in pk_out.splitlines() if "enumerated outcomes" in line]
            pk_runouts = int(outcomes[0].split(":")[1].split()[0]) if outcomes else -1
            assert pk_runouts == runouts, (pk_runouts, runouts)
            pk_start, sb_start = startup[len(hands)]
            pk_net, sb_net = pk_time - pk_start, sb_time - sb_start
            net_ratio = f"{pk_net / sb_net:.1f}x" if pk_net > 0 and sb_net > 0 else "-"
            print(f"{name:<22} {game:<6} {runouts:>13,} {pk_time:>13.4f} {sb_time:>13.4f} "
                  f"{rate(runouts, pk_time):>11} {rate(runouts, sb_time):>11} {pk_time/sb_time:>6.1f}x "
                  f"{rate(runouts, pk_net):>15} {rate(runouts, sb_net):>15} {net_ratio:>9}", flush=True)

main()
