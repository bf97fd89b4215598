"""The package's own Python (python/tenpai/*.py) type-checks against its stubs
(_tenpai.pyi) with mypy, pinned in requirements-test.txt: no error."""

import pathlib
import subprocess
import sys

PYTHON_DIR = pathlib.Path(__file__).resolve().parents[1]


def test_mypy_finds_no_error_in_the_package():
    # Run in python/: the sources there (not an installed copy) and the
    # settings of its pyproject.toml.
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "-p", "tenpai"],
        cwd=PYTHON_DIR,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("Success: no issues found"), done.stdout
