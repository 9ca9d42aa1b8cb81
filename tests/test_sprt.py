#!/usr/bin/env python3
"""Tests of bench/sprt's result parsing and statistics, on a recorded fastchess output."""

import importlib.machinery
import importlib.util
import math
import signal
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
loader = importlib.machinery.SourceFileLoader("sprt", str(ROOT / "bench" / "sprt"))
spec = importlib.util.spec_from_loader("sprt", loader)
sprt = importlib.util.module_from_spec(spec)
loader.exec_module(sprt)

RECORDED = (ROOT / "tests" / "data" / "fastchess-sprt.log").read_text()


class ParseFastchess(unittest.TestCase):
    def test_recorded_sprt(self):
        results = sprt.parse_fastchess(RECORDED)
        self.assertEqual(len(results), 1)
        r = results[0]
        self.assertEqual((r.new, r.old), ("nnue", "hce"))
        self.assertEqual((r.wins, r.losses, r.draws, r.games), (0, 8, 0, 8))
        self.assertEqual(r.penta, [4, 0, 0, 0, 0])
        self.assertAlmostEqual(r.llr, -0.08)
        self.assertEqual(r.bounds, (-2.94, 2.94))
        self.assertEqual(r.elo_bounds, (0.0, 5.0))
        self.assertIn("inconclusive", sprt.verdict(r))

    def test_later_report_replaces_earlier(self):
        early = "Results of nnue vs hce (1+0.01):\nGames: 2, Wins: 1, Losses: 1, Draws: 0, Points: 1.0 (50.00 %)\n"
        r = sprt.parse_fastchess(early + RECORDED)[0]
        self.assertEqual(r.games, 8)

    def test_verdicts(self):
        r = sprt.Result(wins=10, losses=5, draws=5, llr=2.95, bounds=(-2.94, 2.94), elo_bounds=(0, 5))
        self.assertIn("H1 accepted", sprt.verdict(r))
        r.llr = -3.0
        self.assertIn("H0 accepted", sprt.verdict(r))
        r.llr = None
        self.assertIn("fixed games", sprt.verdict(r))


class PartsOfOneMatch(unittest.TestCase):
    # Pentanomials, bounds and the LLR that fastchess printed for them, from this project's SPRTs.
    FASTCHESS = [([0, 14, 32, 10, 4], (0, 5), 0.09), ([6, 56, 140, 63, 5], (0, 10), 0.04),
                 ([7, 45, 137, 39, 2], (0, 10), -1.10), ([0, 17, 45, 7, 1], (0, 5), -0.26),
                 ([4, 0, 0, 0, 0], (0, 5), -0.08)]

    def test_llr_as_fastchess(self):
        for penta, bounds, llr in self.FASTCHESS:
            self.assertAlmostEqual(sprt.pentanomial_llr(penta, *bounds), llr, delta=0.005, msg=str(penta))

    def test_llr_grows_with_evidence(self):
        self.assertGreater(sprt.pentanomial_llr([0, 50, 200, 150, 100], 0, 5), 2.94)
        self.assertLess(sprt.pentanomial_llr([100, 150, 200, 50, 0], 0, 5), -2.94)

    def test_parts_add_up(self):
        def part(w, l, d, penta):
            return sprt.Result(new="a", old="b", wins=w, losses=l, draws=d, penta=penta, elo_bounds=(0.0, 5.0))
        r = sprt.combine([part(19, 15, 86, [0, 14, 32, 10, 4]), part(16, 11, 53, [1, 8, 16, 15, 0])])
        self.assertEqual((r.wins, r.losses, r.draws, r.games), (35, 26, 139, 200))
        self.assertEqual(r.penta, [1, 22, 48, 25, 4])
        self.assertAlmostEqual(r.llr, sprt.pentanomial_llr([1, 22, 48, 25, 4], 0, 5))
        self.assertEqual(r.bounds, (-2.94, 2.94))

    def test_parts_of_other_matches_refused(self):
        a = sprt.Result(new="a", old="b", penta=[1, 1, 1, 1, 1], elo_bounds=(0.0, 5.0))
        b = sprt.Result(new="a", old="b", penta=[1, 1, 1, 1, 1], elo_bounds=(0.0, 10.0))
        with self.assertRaises(ValueError):
            sprt.combine([a, b])


class PartsFromPgn(unittest.TestCase):
    """An interrupted part's log stops at its last report; its PGN holds every game."""
    def test_a_log_and_a_pgn_add_up(self):
        with tempfile.TemporaryDirectory() as tmp:
            log, pgn = Path(tmp) / "part1.log", Path(tmp) / "part2.pgn"
            log.write_text(RECORDED)
            pgn.write_text(Interrupted.PGN.replace('"new"', '"nnue"').replace('"old"', '"hce"'))
            out = subprocess.run([sys.executable, str(ROOT / "bench" / "sprt"), "--parse", str(log), str(pgn),
                                  "--new-name", "nnue", "--elo0", "0", "--elo1", "5"],
                                 capture_output=True, text=True, timeout=60)
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertIn("+2 -8 =2, Ptnml [4, 0, 1, 0, 1]", out.stdout)
            llr = sprt.pentanomial_llr([4, 0, 1, 0, 1], 0, 5)
            self.assertIn(f"LLR {llr:.2f}", out.stdout)
            # Other bounds than the log's: not one SPRT.
            other = subprocess.run([sys.executable, str(ROOT / "bench" / "sprt"), "--parse", str(log), str(pgn),
                                    "--new-name", "nnue", "--elo1", "10"], capture_output=True, text=True, timeout=60)
            self.assertNotEqual(other.returncode, 0)

    def test_a_pgn_alone(self):
        with tempfile.TemporaryDirectory() as tmp:
            pgn = Path(tmp) / "part.pgn"
            pgn.write_text(Interrupted.PGN.replace('"new"', '"nnue"').replace('"old"', '"hce"'))
            out = subprocess.run([sys.executable, str(ROOT / "bench" / "sprt"), "--parse", str(pgn),
                                  "--new-name", "nnue", "--elo0", "0", "--elo1", "5"],
                                 capture_output=True, text=True, timeout=60)
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertIn("nnue vs hce", out.stdout)
            self.assertIn("1 part", out.stdout)

    def test_recorded_counts_and_a_pgn_add_up(self):
        """A part whose files were lost is given by its counts; its games join a later part's."""
        with tempfile.TemporaryDirectory() as tmp:
            pgn = Path(tmp) / "part2.pgn"
            pgn.write_text(Interrupted.PGN.replace('"new"', '"nnue"').replace('"old"', '"hce"'))
            args = [sys.executable, str(ROOT / "bench" / "sprt"), "--parse", "19-15-86:0,14,32,10,4", str(pgn),
                    "--new-name", "nnue", "--old-name", "hce", "--elo0", "0", "--elo1", "5"]
            out = subprocess.run(args, capture_output=True, text=True, timeout=60)
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertIn("games 124: +21 -15 =88, Ptnml [0, 14, 33, 10, 5]", out.stdout)  # the PGN: +2 =2, [0, 0, 1, 0, 1]
            self.assertIn(f"LLR {sprt.pentanomial_llr([0, 14, 33, 10, 5], 0, 5):.2f}", out.stdout)
            # More pairs than games is a mistyped record, refused.
            args[3] = "1-1-1:0,5,0,0,0"
            bad = subprocess.run(args, capture_output=True, text=True, timeout=60)
            self.assertNotEqual(bad.returncode, 0)
            self.assertIn("more game pairs than games", bad.stderr)


class Statistics(unittest.TestCase):
    def test_even_match_is_zero_elo(self):
        elo, err = sprt.elo_with_error(sprt.Result(penta=[10, 20, 40, 20, 10]))
        self.assertAlmostEqual(elo, 0.0, places=6)
        self.assertGreater(err, 0.0)

    def test_elo_from_score(self):
        # 75% is +190.85 Elo by the logistic formula.
        self.assertAlmostEqual(sprt.elo_of(0.75), 190.848, places=2)
        elo, _ = sprt.elo_with_error(sprt.Result(wins=60, losses=10, draws=30))
        self.assertAlmostEqual(elo, sprt.elo_of(0.75), places=6)

    def test_error_shrinks_with_games(self):
        _, small = sprt.elo_with_error(sprt.Result(penta=[5, 10, 20, 10, 5]))
        _, large = sprt.elo_with_error(sprt.Result(penta=[50, 100, 200, 100, 50]))
        self.assertAlmostEqual(small / large, math.sqrt(10), delta=0.2)

    def test_pentanomial_from_pgn_pairs(self):
        def g(rnd, white, black, result):
            return {"round": rnd, "white": white, "black": black, "result": result}
        games = [g("1", "new", "old", "1-0"), g("2", "new", "old", "1-0"),      # finished out of order
                 g("1", "old", "new", "1-0"),                                   # round 1: win + loss
                 g("2", "old", "new", "0-1"),                                   # round 2: two wins
                 g("3", "old", "new", "1/2-1/2"), g("3", "new", "old", "0-1")]  # round 3: draw + loss
        self.assertEqual(sprt.pentanomial(games, "new"), [0, 1, 1, 0, 1])

    def test_gauntlet_pgn(self):
        games = sprt.pgn_games(ROOT / "tests" / "data" / "fastchess-gauntlet.pgn")
        self.assertEqual(len(games), 6)
        results = {r.old: r for r in sprt.results_from_pgn(games, "new")}
        self.assertEqual(sorted(results), ["ethereal", "stockfish-1500", "toga2"])
        for r in results.values():
            self.assertEqual((r.wins, r.losses, r.draws), (0, 2, 0))
            self.assertEqual(r.penta, [1, 0, 0, 0, 0])

    def test_cutechess_output(self):
        text = ("Score of new vs old: 30 - 20 - 50  [0.550] 100\n"
                "SPRT: llr 1.2 (40.8%), lbound -2.94, ubound 2.94\n")
        r = sprt.parse_cutechess(text)[0]
        self.assertEqual((r.wins, r.losses, r.draws), (30, 20, 50))
        self.assertAlmostEqual(r.llr, 1.2)


class MatchArguments(unittest.TestCase):
    def args(self, **kw):
        a = dict(tc="8+0.08", hash=16, concurrency=2, openings="o.epd", pgn="p.pgn", games=10, variant=None,
                 max_games=100, elo0=0, elo1=5, alpha=0.05, beta=0.05, nodes=None)
        a.update(kw)
        return type("A", (), a)()

    def test_chess960_for_both_runners(self):
        for runner in ("fastchess", "cutechess-cli"):
            args = sprt.match_args(runner, self.args(variant="fischerandom"))
            self.assertEqual(args[args.index("-variant") + 1], "fischerandom")
            self.assertNotIn("-variant", sprt.match_args(runner, self.args()))

    def test_fixed_games_or_sprt(self):
        fixed = sprt.match_args("fastchess", self.args(games=10))
        self.assertEqual(fixed[fixed.index("-rounds") + 1], "5")
        self.assertNotIn("-sprt", fixed)
        self.assertIn("-sprt", sprt.match_args("fastchess", self.args(games=0)))

    def test_node_limit_replaces_the_clock(self):
        for runner in ("fastchess", "cutechess-cli"):
            args = sprt.match_args(runner, self.args(nodes=25000))
            self.assertIn("tc=inf", args)
            self.assertIn("nodes=25000", args)
            self.assertNotIn("tc=8+0.08", args)
            self.assertIn("tc=8+0.08", sprt.match_args(runner, self.args()))


class Interrupted(unittest.TestCase):
    """A time-boxed run (`timeout -s INT bench/sprt ...`) still prints what was played: from the
    PGN when there is one (fastchess prints no last report when interrupted), else the log's
    last report."""
    RUNNER = """#!/usr/bin/env python3
import signal, sys, time
# Takes a moment to stop, as fastchess does while it ends its games. The handler is set
# first and the PGN written before the report, since the test signals once the report is out.
signal.signal(signal.SIGINT, lambda *_: (print("runner: stopped by SIGINT"), time.sleep(0.5), sys.exit(0)))
pgn = sys.argv[sys.argv.index("-pgnout") + 1].split("=", 1)[1]
games = open(sys.argv[0] + ".pgn").read()
if games:
    open(pgn, "w").write(games)
sys.stdout.write(open(sys.argv[0] + ".log").read())
sys.stdout.flush()
time.sleep(60)
"""
    # Two pairs: new wins both games of round 1, round 2 is drawn twice.
    PGN = "".join(f'[Round "{r}"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{res}"]\n\n1. e4 *\n\n'
                  for r, w, b, res in [(1, "new", "old", "1-0"), (1, "old", "new", "0-1"),
                                       (2, "new", "old", "1/2-1/2"), (2, "old", "new", "1/2-1/2")])

    def interrupt(self, pgn, sig=signal.SIGINT, background=False, twice=False):
        with tempfile.TemporaryDirectory() as tmp:
            d = Path(tmp)
            runner = d / "fastchess"
            runner.write_text(self.RUNNER)
            runner.chmod(0o755)
            (d / "fastchess.log").write_text(RECORDED)
            (d / "fastchess.pgn").write_text(pgn)
            log = d / "match.log"
            proc = subprocess.Popen([sys.executable, str(ROOT / "bench" / "sprt"), sys.executable, sys.executable,
                                     "--runner-path", str(runner), "--log", str(log), "--pgn", str(d / "m.pgn"),
                                     "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                    # as a shell starts `bench/sprt ... &`: SIGINT ignored
                                    preexec_fn=(lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
                                    if background else None)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and not (log.is_file() and "Results of" in log.read_text()):
                time.sleep(0.05)
            started = time.monotonic()
            proc.send_signal(sig)
            if twice:  # as `timeout` does: the child first, then its whole process group
                time.sleep(0.2)
                proc.send_signal(sig)
            try:
                out, err = proc.communicate(timeout=40)
            finally:
                proc.kill()
            self.assertLess(time.monotonic() - started, 15, "the runner was not stopped")
            self.assertEqual(proc.returncode, 128 + sig, err)
            self.assertIn("runner: stopped by SIGINT", log.read_text())
            return out

    def test_summary_from_the_pgn(self):
        out = self.interrupt(self.PGN)
        self.assertIn("+2 -0 =2, Ptnml [0, 0, 1, 0, 1]", out)
        llr = sprt.pentanomial_llr([0, 0, 1, 0, 1], 0, 5)
        self.assertIn(f"LLR {llr:.2f} (-2.94, 2.94)", out)
        self.assertIn("inconclusive", out)

    def test_a_background_run_is_still_interrupted(self):
        out = self.interrupt(self.PGN, background=True)
        self.assertIn("+2 -0 =2, Ptnml [0, 0, 1, 0, 1]", out)

    def test_sigterm_stops_the_runner_and_summarises(self):
        out = self.interrupt(self.PGN, sig=signal.SIGTERM)
        self.assertIn("+2 -0 =2, Ptnml [0, 0, 1, 0, 1]", out)

    def test_a_second_signal_changes_nothing(self):
        out = self.interrupt(self.PGN, twice=True)
        self.assertIn("+2 -0 =2, Ptnml [0, 0, 1, 0, 1]", out)

    def test_summary_from_the_log_without_a_pgn(self):
        out = self.interrupt("")
        self.assertIn("+0 -8 =0", out)
        self.assertIn("inconclusive", out)


if __name__ == "__main__":
    sys.exit(0 if unittest.main(exit=False).result.wasSuccessful() else 1)
