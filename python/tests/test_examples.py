"""python/examples/train_vec.py runs: a few tiny updates, and its plot is
written. Skipped without PyTorch or matplotlib (python/examples/requirements.txt;
.ci/run installs them). The example's full run is the README's command."""

import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("torch")
pytest.importorskip("matplotlib")

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "train_vec.py"


def test_the_training_example_runs_and_plots(tmp_path):
    plot = tmp_path / "curve.png"
    cmd = [sys.executable, str(EXAMPLE), "--updates", "4", "--envs", "32", "--steps", "64", "--plot", str(plot)]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "update    4" in out.stdout
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
