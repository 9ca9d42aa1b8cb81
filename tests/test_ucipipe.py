#!/usr/bin/env python3
"""Tests of bench/ucipipe.py: the engine pipe that bench/hash-depth, margins and tbgames share."""

import os
import stat
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from ucipipe import UciPipe  # noqa: E402

# A scripted engine: answers isready, and go with two info lines and a bestmove; `die` exits,
# `bad` answers with an error line, as Vireo does for an option value it refuses.
FAKE = f"""#!{sys.executable}
import sys
for line in sys.stdin:
    cmd = line.split()
    if cmd[:1] == ["isready"]:
        print("readyok", flush=True)
    elif cmd[:1] == ["go"]:
        print("info depth 1 nodes 20", "info depth 2 nodes 90", "bestmove e2e4", sep="\\n", flush=True)
    elif cmd[:1] == ["die"]:
        sys.exit(3)
    elif cmd[:1] == ["bad"]:
        print("info string error: bad is not a command", flush=True)
    elif cmd[:1] == ["quit"]:
        break
"""


class UciPipeTest(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".py")
        with os.fdopen(fd, "w") as f:
            f.write(FAKE)
        os.chmod(self.path, stat.S_IRWXU)

    def tearDown(self):
        os.unlink(self.path)

    def test_reads_up_to_the_prefix(self):
        eng = UciPipe(self.path, "test", [("Hash", 16)])
        eng.send("go depth 2")
        self.assertEqual(eng.read_until("bestmove"), ["info depth 1 nodes 20", "info depth 2 nodes 90", "bestmove e2e4"])
        self.assertEqual(eng.sync(), ["readyok"])
        eng.close()
        self.assertEqual(eng.p.returncode, 0)

    def test_an_engine_that_exits_is_an_error(self):
        eng = UciPipe(self.path, "test")
        eng.send("die")
        with self.assertRaisesRegex(SystemExit, r"^test: error: the engine exited \(code 3\) before 'bestmove'"):
            eng.read_until("bestmove")

    def test_an_error_line_is_an_error(self):
        eng = UciPipe(self.path, "test")
        eng.send("bad")
        eng.send("isready")
        with self.assertRaisesRegex(SystemExit, "the engine said: info string error: bad is not a command"):
            eng.read_until("readyok")
        eng.close()

    def test_a_missing_engine_is_an_error(self):
        with self.assertRaisesRegex(SystemExit, "^test: error: cannot start /nonexistent/engine"):
            UciPipe("/nonexistent/engine", "test")


if __name__ == "__main__":
    unittest.main()
