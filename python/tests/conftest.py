"""Shared fixtures: the repository's test data (tests/data, read in place)."""

import json
import pathlib

import pytest

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data"


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.fixture(scope="session")
def shanten_vectors():
    """Every line of tests/data/shanten/*.jsonl (30,000 hands with exact values)."""
    rows = []
    for path in sorted((DATA / "shanten").glob("*.jsonl")):
        rows.extend(read_jsonl(path))
    return rows


@pytest.fixture(scope="session")
def score_cases():
    """The 3,000 scoring cases of tests/data/score/cases.jsonl (Mahjong Soul rules)."""
    return read_jsonl(DATA / "score" / "cases.jsonl")
