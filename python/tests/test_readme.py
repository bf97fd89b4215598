"""The Python code shown in README.md and docs/python.md runs as written,
so that the front page never shows a call the package no longer has."""

import contextlib
import io
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def python_blocks(path):
    """The ```python blocks of a Markdown file, in order."""
    text = path.read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)


@pytest.mark.parametrize("doc", ["README.md", "README.zh-CN.md", "docs/python.md"])
def test_the_python_blocks_of_the_docs_run(doc):
    blocks = python_blocks(ROOT / doc)
    assert blocks, f"{doc} shows no Python block"
    for block in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, doc, "exec"), {})


def test_the_readme_vector_game_prints_its_shapes():
    (block,) = [b for b in python_blocks(ROOT / "README.md") if "VecGame" in b]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "README.md", "exec"), {})
    shapes = out.getvalue().split(") (")
    assert out.getvalue().startswith("(256, 19, 34) (256, 229) ")
    assert len(shapes) == 2
