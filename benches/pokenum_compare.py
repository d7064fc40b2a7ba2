#!/usr/bin/env python3
"""Usage: POKENUM=path/to/pokenum [POKENUM_LIB=its .libs] benches/pokenum_compare.py [STUDBOT] [RUNS] [GAMES]

Side by side: pokenum (poker-eval) and studbot equity --exact --threads 1, each as a whole
process pinned to core 0, best CPU time (user + sys) of N runs; runouts/s = runouts / that."""
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

def best(cmd, env=None):
    """Best CPU time (user + sys of the process) of RUNS runs: the machine is shared and
    loaded, so wall time mostly measures the other processes on core 0."""
    import os, resource
    times, walls, out = [], [], ""
    for _ in range(RUNS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(["taskset", "-c", "0"] + cmd, capture_output=True, text=True, env=env, check=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
        out = done.stdout
    return min(times), out

def main():
    games = sys.argv[3].split(",") if len(sys.argv) > 3 else ["stud8", "stud", "razz"]
    print(f"{'spot':<22} {'game':<6} {'runouts':>13} {'pokenum cpu s':>10} {'studbot cpu s':>10} {'pokenum M/s':>12} {'studbot M/s':>12} {'ratio':>7}")
    for game in games:
        for name, hands, dead in SPOTS:
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
            sb += hands
            pk_time, pk_out = best(pk, env={"LD_LIBRARY_PATH": LIBDIR})
            sb_time, sb_out = best(sb)
            answer = json.loads(sb_out)
            runouts = answer["runouts"]
            outcomes = [line for line in pk_out.splitlines() if "enumerated outcomes" in line]
            pk_runouts = int(outcomes[0].split(":")[1].split()[0]) if outcomes else -1
            assert pk_runouts == runouts, (pk_runouts, runouts)
            print(f"{name:<22} {game:<6} {runouts:>13,} {pk_time:>10.3f} {sb_time:>10.3f} "
                  f"{runouts/pk_time/1e6:>12.1f} {runouts/sb_time/1e6:>12.1f} {pk_time/sb_time:>6.1f}x", flush=True)

main()
