"""The table of bad calls shared with the core and the Node package
(bughouse-core/tests/data/bad_calls.json): each raises an exception whose
``code`` is the table's (the same code Node gives as ``err.code``) and
changes nothing."""

import json
from pathlib import Path
from typing import Any, Optional

import pytest

import bughouse
from bughouse import Board, Game

TABLE = json.loads(
    (Path(__file__).resolve().parents[2] / "bughouse-core" / "tests" / "data" / "bad_calls.json").read_text()
)


def new_game(spec: dict[str, Any]) -> Game:
    kwargs = {key: spec[key] for key in ("mode", "time_control", "humans", "bfen", "move_cap") if key in spec}
    return Game(**kwargs)


def call(game: Optional[Game], c: list[Any]) -> None:
    kind, args = c[0], c[1:]
    if kind == "board":
        Board(args[0])
        return
    if kind == "board_san":
        board = Board(args[0])
        before = board.fen()
        try:
            board.push_san(args[1])
        finally:
            assert board.fen() == before or kind != "board_san"
        return
    assert game is not None
    if kind == "push":
        game.push(args[0], args[1], args[2])
    elif kind == "sit":
        game.sit(args[0])
    elif kind == "tick":
        game.tick(args[0])
    elif kind == "resign":
        game.resign(args[0], args[1])
    elif kind == "abandon":
        game.abandon(args[0], args[1])
    elif kind == "offer_draw":
        game.offer_draw(args[0])
    elif kind == "withdraw_draw":
        game.withdraw_draw(args[0])
    else:
        raise AssertionError(f"unknown call {kind}")


@pytest.mark.parametrize("case", TABLE["cases"], ids=[c["name"] for c in TABLE["cases"]])
def test_a_bad_call_gives_its_code_and_changes_nothing(case: dict[str, Any]) -> None:
    spec = case.get("game") or {}
    if case["call"] == ["new"]:
        with pytest.raises(ValueError) as info:
            new_game(spec)
    else:
        game = new_game(spec)
        for before in case.get("before", []):
            call(game, before)
        saved = game.copy()
        with pytest.raises(ValueError) as info:
            call(game, case["call"])
        if not (case["code"] == "ERR_GAME_OVER" and not saved.is_over()):
            assert game == saved, "the refused call changed the game"
    assert info.value.code == case["code"], str(info.value)  # type: ignore[attr-defined]
    if isinstance(info.value, bughouse.BughouseError):
        assert len(str(info.value)) < 300
