"""Paths shared by the tests: the repository's scenarios."""

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def scenarios():
    return ROOT / "scenarios"
