"""A UCI engine driven through its stdin and stdout, for the scripts in bench/ that talk to one
engine directly (hash-depth, margins, tbgames): the scripts only ever send valid commands, so an
engine that exits, or answers `info string error`, ends the script with an error instead of
being read as an empty search or a wait that never ends."""

import subprocess


class UciPipe:
    def __init__(self, path, tool, options=()):
        """tool names the calling script in error messages; options are (name, value) pairs
        set before the first `isready`."""
        self.tool = tool
        try:
            self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        except OSError as e:
            raise SystemExit(f"{tool}: error: cannot start {path}: {e.strerror}")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.sync()

    def send(self, line):
        try:
            self.p.stdin.write(line + "\n")
        except BrokenPipeError:
            self.fail(f"before '{line}'")

    def read_until(self, prefix):
        """The engine's lines (without newlines) up to and including the first that starts
        with prefix."""
        lines = []
        for line in self.p.stdout:
            line = line.rstrip("\n")
            if line.startswith("info string error"):
                raise SystemExit(f"{self.tool}: error: the engine said: {line}")
            lines.append(line)
            if line.startswith(prefix):
                return lines
        self.fail(f"before '{prefix}'")

    def sync(self):
        self.send("isready")
        return self.read_until("readyok")

    def fail(self, when):
        raise SystemExit(f"{self.tool}: error: the engine exited (code {self.p.wait()}) {when}")

    def close(self):
        self.send("quit")
        self.p.wait()
