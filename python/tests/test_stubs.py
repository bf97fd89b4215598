"""The type stubs describe exactly what the compiled module exports."""

import ast
import pathlib

import tenpai
from tenpai import _tenpai

STUB = pathlib.Path(tenpai.__file__).with_name("_tenpai.pyi")


def stub_names():
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names - {"HandLike", "TilesLike", "IntLike"}


def test_stubs_name_every_export_and_nothing_else():
    exported = {n for n in dir(_tenpai) if not n.startswith("__")}
    assert stub_names() == exported


def test_package_reexports_the_module():
    exported = {n for n in dir(_tenpai) if not n.startswith("_")}
    assert exported <= set(tenpai.__all__)
    for name in exported:
        assert getattr(tenpai, name) is getattr(_tenpai, name)


def test_every_function_has_a_docstring():
    for name in dir(_tenpai):
        obj = getattr(_tenpai, name)
        if callable(obj) and not name.startswith("_"):
            assert obj.__doc__, name
