"""Runs a command and prints `exit N` (lit's shell has no $?)."""
import subprocess
import sys

print("exit", subprocess.run(sys.argv[1:]).returncode, flush=True)
