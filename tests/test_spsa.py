#!/usr/bin/env python3
"""Tests of bench/spsa: its gain schedule, perturbations and updates, and whole runs against a
scripted match runner whose games favour one direction of a parameter."""

import importlib.machinery
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
loader = importlib.machinery.SourceFileLoader("spsa", str(ROOT / "bench" / "spsa"))
spec = importlib.util.spec_from_loader("spsa", loader)
spsa = importlib.util.module_from_spec(spec)
loader.exec_module(spsa)

PARAMS = "A, int, 50, 0, 100, 5, 0.002\nB, int, 10, 0, 20, 1, 0.002\n"

# A stand-in for fastchess: theta+ wins every game when its A is above theta-'s, loses every
# game when below; B does not matter. It answers in fastchess's report format.
FAKE_RUNNER = """#!/usr/bin/env python3
import sys
args = sys.argv[1:]
values = [a.split("=", 1)[1] for a in args if a.startswith("option.A=")]
plus, minus = int(values[0]), int(values[1])
games = 2 * int(args[args.index("-rounds") + 1])
wins, losses = (games, 0) if plus > minus else (0, games) if plus < minus else (0, 0)
print("Results of plus vs minus (1+0.01):")
print(f"Games: {games}, Wins: {wins}, Losses: {losses}, Draws: {games - wins - losses}, Points: 0 (0 %)")
"""

# An engine whose `tunables` prints PARAMS (all that bench/spsa asks of it before the games).
FAKE_ENGINE = "#!/bin/sh\nprintf '" + PARAMS.replace("\n", "\\n") + "'\n"


def executable(folder, name, text):
    path = Path(folder) / name
    path.write_text(text)
    path.chmod(0o755)
    return str(path)


class Schedule(unittest.TestCase):
    def test_gains_end_at_openbench_values(self):
        p = spsa.parse_params(PARAMS)[0]
        a_k, c_k = spsa.gains(p, 1000, 1000)
        self.assertAlmostEqual(c_k, 5.0)
        self.assertAlmostEqual(a_k, 0.002 * 25)
        a_1, c_1 = spsa.gains(p, 1, 1000)
        self.assertGreater(c_1, c_k)
        self.assertGreater(a_1, a_k)

    def test_perturbations_stay_in_range_and_are_symmetric(self):
        params = spsa.parse_params("X, int, 1, 0, 100, 30, 0.002\n")
        plus, minus, steps = spsa.perturbed(params, 1, 100, random.Random(3))
        self.assertGreaterEqual(min(plus["X"], minus["X"]), 0)
        self.assertEqual(abs(plus["X"] - 1) > 0 or abs(minus["X"] - 1) > 0, True)
        self.assertIn(steps[0][0], (-1, 1))

    def test_update_follows_the_winner(self):
        params = spsa.parse_params(PARAMS)
        spsa.update(params, [(1, 5.0), (-1, 1.0)], 10, 100, 4)
        self.assertGreater(params[0]["value"], 50)  # theta+ (A raised) won
        self.assertLess(params[1]["value"], 10)     # theta+ had B lowered
        spsa.update(params, [(1, 5.0), (1, 1.0)], 10, 100, -1000000)
        self.assertEqual(params[0]["value"], 0)     # clamped to the range

    def test_bad_lines_are_refused(self):
        with self.assertRaises(ValueError):
            spsa.parse_params("A, float, 1, 0, 2, 1, 0.002\n")
        with self.assertRaises(ValueError):
            spsa.parse_params("A, int, 1, 0\n")


class Run(unittest.TestCase):
    def test_a_run_climbs_where_games_are_won_and_resumes(self):
        with tempfile.TemporaryDirectory() as d:
            runner = executable(d, "fastchess", FAKE_RUNNER)
            engine = executable(d, "vireo-tune", FAKE_ENGINE)
            state = Path(d) / "state.json"
            base = [sys.executable, str(ROOT / "bench" / "spsa"), engine, "--state", str(state), "--runner",
                    "fastchess", "--runner-path", runner, "--pairs", "2", "--report-every", "1000"]
            subprocess.run(base + ["--iterations", "40"], check=True, capture_output=True, timeout=120)
            first = json.loads(state.read_text())
            self.assertEqual(first["k"], 40)
            a = first["params"][0]
            b = first["params"][1]
            self.assertGreater(a["value"], 51)  # every iteration won by the higher A
            # B never decided a game: it wanders by chance, in steps of its own size (1 against
            # A's 5), much less than A climbed.
            self.assertLess(abs(b["value"] - 10), (a["value"] - 50) / 2)
            self.assertEqual(sum(first["games"]), 40 * 4)
            # A finished run resumed does nothing more; --show names the values.
            subprocess.run(base, check=True, capture_output=True, timeout=60)
            self.assertEqual(json.loads(state.read_text())["k"], 40)
            shown = subprocess.run([sys.executable, str(ROOT / "bench" / "spsa"), "--show", str(state)],
                                   check=True, capture_output=True, text=True).stdout
            self.assertIn("option.A=", shown)

    def test_a_node_limit_reaches_the_runner_and_skip_leaves_tunables_out(self):
        with tempfile.TemporaryDirectory() as d:
            log = Path(d) / "args"
            runner = executable(d, "fastchess", FAKE_RUNNER.replace("args = sys.argv[1:]",
                                f"args = sys.argv[1:]\nopen({str(log)!r}, 'w').write(' '.join(args))"))
            engine = executable(d, "vireo-tune", FAKE_ENGINE)
            state = Path(d) / "state.json"
            subprocess.run([sys.executable, str(ROOT / "bench" / "spsa"), engine, "--state", str(state), "--runner",
                            "fastchess", "--runner-path", runner, "--iterations", "2", "--nodes", "5000",
                            "--skip", "B"], check=True, capture_output=True, timeout=60)
            self.assertIn("nodes=5000", log.read_text())
            self.assertIn("tc=inf", log.read_text())
            self.assertEqual([p["name"] for p in json.loads(state.read_text())["params"]], ["A"])


if __name__ == "__main__":
    unittest.main()
