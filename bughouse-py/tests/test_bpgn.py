"""BPGN (N4) through `read_bpgn` and `GameRecord`: the real records of the
corpus (bughouse-core/tests/data/corpus, read from the repository) replay
through the rules; sources, decoding, errors, pickling and threads."""

import os
import pickle
import threading
import time
from pathlib import Path

import pytest

import bughouse
from bughouse import GameRecord, Move, Outcome, read_bpgn

CORPUS = Path(__file__).resolve().parents[2] / "bughouse-core" / "tests" / "data" / "corpus"
BUGHOUSE_DIRS = ("fics-bpgn", "fics-embedded", "chesscom-derived-bpgn")

SHORT = """[Event "one"]
[WhiteA "x"][BlackA "y"][WhiteB "z"][BlackB "w"]

1A. e4{179.9} 1B. d4{179.8} 1a. e5 {y resigns} 1-0

[Event "two"]
[WhiteA "caf\\"e"]
1A. e4 1a. e5 2A. Qh9 2a. Nc6 *
[Event "three"]
1. e4 e5 *
"""


def bughouse_game(record: "bughouse.GameRecord") -> "bughouse.Game":
    """The match of a bughouse record (crazyhouse records have a board)."""
    assert record.game is not None, "not a bughouse record"
    return record.game


def bughouse_files() -> list:
    files = sorted(p for d in BUGHOUSE_DIRS for p in (CORPUS / d).rglob("*.bpgn"))
    assert files, f"no corpus under {CORPUS}"
    return files


def test_n4_r16_every_corpus_record_replays_and_every_mate_is_a_bughouse_mate():
    games = mates = moves = 0
    for path in bughouse_files():
        for record in read_bpgn(path):
            assert record.error is None, f"{path.name}: {record.error}"
            assert record.is_bughouse and record.agrees, path.name
            assert record.moves_replayed == len(bughouse_game(record).moves()) > 0
            if record.ending_kind == "checkmate":
                outcome = bughouse_game(record).outcome()
                assert outcome is not None and outcome.reason == "checkmate", path.name
                assert outcome.seat == record.loser
                mates += 1
            else:
                # No rule ended the game before the record did.
                assert bughouse_game(record).outcome() is None, path.name
            games += 1
            moves += record.moves_replayed
    assert games == 48, "the corpus holds 48 bughouse matches"
    assert mates == 27, "3 FICS and 24 chess.com checkmates"
    assert moves > 5000


def test_r17_a_blockable_check_with_an_empty_pocket_plays_on_in_the_record():
    path = CORPUS / "chesscom-derived-bpgn" / "161530622681_161530622683.bpgn"
    record = next(read_bpgn(path))
    assert record.error is None and record.ending_kind == "time"
    assert bughouse_game(record).outcome() is None
    # 40a. Q@e1+ is in the record, and White played on.
    assert ("a", Move.from_uci("Q@e1")) in bughouse_game(record).moves()


def test_fics_record_fields():
    path = next((CORPUS / "fics-embedded").glob("*.bpgn"))
    record = next(read_bpgn(path))
    assert record.tags["BughouseDBGameNo"] == "3611438"
    assert record.tags["WhiteA"] == "cheesybread"
    assert record.recorded_ending is not None and "forfeits on time" in record.recorded_ending
    assert record.ending_kind == "time" and record.loser == "b"
    # The recorded clocks are data in the replayed game's history.
    history = bughouse_game(record).history()
    assert all(entry.clock_ms is not None for entry in history)
    assert bughouse_game(record).time_control is None
    with pytest.raises(bughouse.BughouseError, match="no clocks"):
        bughouse_game(record).clock("A")


def test_the_corpus_records_write_back_and_read_again_to_the_same_games():
    for path in bughouse_files():
        for record in read_bpgn(path):
            text = bughouse_game(record).bpgn(record.tags)
            again = next(read_bpgn(text))
            assert again.error is None, (path.name, again.error)
            assert bughouse_game(again).history() == bughouse_game(record).history()
            assert bughouse_game(again).outcome() == bughouse_game(record).outcome()


def test_records_are_numbered_and_located_in_the_archive():
    records = list(read_bpgn(SHORT))
    assert [r.number for r in records] == [1, 2, 3]
    assert [r.line for r in records] == [1, 6, 9]
    first, second, third = records
    assert first.error is None and first.moves_replayed == 3
    assert first.recorded_ending == "y resigns" and first.ending_kind == "resignation"
    assert first.loser == "a" and first.agrees
    assert first.tags == {"Event": "one", "WhiteA": "x", "BlackA": "y", "WhiteB": "z", "BlackB": "w"}
    assert list(first.tags) == ["Event", "WhiteA", "BlackA", "WhiteB", "BlackB"]


def test_a_record_that_breaks_the_rules_names_game_move_seat_text_and_why():
    second = list(read_bpgn(SHORT))[1]
    assert second.error == (
        "game 2, move 2A (A-White) 'Qh9': invalid move text at byte 2: expected a rank 1-8 after the file"
    )
    # The game holds the moves before the bad one.
    assert second.moves_replayed == 2
    assert bughouse_game(second).moves() == [("A", Move.from_uci("e2e4")), ("a", Move.from_uci("e7e5"))]
    assert second.recorded_ending is None and not second.agrees
    assert second.tags["WhiteA"] == 'caf"e'  # the \" escape is read


def test_an_illegal_recorded_move_is_named():
    text = "[WhiteA \"p\"]\n1A. e4 1a. e5 2A. Ke3 *\n"
    record = next(read_bpgn(text))
    assert record.error is not None
    assert record.error.startswith("game 1, move 2A (A-White) 'Ke3': illegal SAN Ke3")


def test_a_single_board_pgn_replays_on_a_crazyhouse_board():
    third = list(read_bpgn(SHORT))[2]
    assert not third.is_bughouse and third.game is None
    assert third.error is None and third.moves_replayed == 2
    assert third.board is not None and third.board.crazyhouse
    assert third.board.fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 2"
    assert repr(third).startswith("<GameRecord #3 crazyhouse ? vs ?, 2 moves")
    # The board's stack holds the game: SAN replays it, pop walks back.
    assert [m.uci() for m in third.board.move_stack] == ["e2e4", "e7e5"]
    assert third.board.pop() == Move.from_uci("e7e5")
    again = pickle.loads(pickle.dumps(third))
    assert again.board is not None and again.board.fen() == third.board.fen()


def crazyhouse_files() -> list:
    files = sorted((CORPUS / "crazyhouse-fics").glob("*.pgn")) + sorted(
        (CORPUS / "crazyhouse-lichess").glob("*.pgn"))
    assert len(files) == 5, f"no crazyhouse corpus under {CORPUS}"
    return files


def test_n4_r16_every_crazyhouse_corpus_game_replays_and_every_mate_is_confirmed():
    games = mates = moves = 0
    results: set = set()
    for path in crazyhouse_files():
        for record in read_bpgn(path):
            assert record.error is None, f"{path.name}:{record.line}: {record.error}"
            assert not record.is_bughouse and record.game is None
            board = record.board
            assert board is not None and board.crazyhouse
            assert record.agrees, f"{path.name}:{record.line}"
            assert len(board.move_stack) == record.moves_replayed
            if record.ending_kind == "checkmate":
                # The record's mate is mate on the board reached, and the
                # record names the side that was mated: the side to move.
                assert board.is_checkmate(), f"{path.name}:{record.line}"
                if record.loser is not None:
                    assert record.loser == ("A" if board.turn == bughouse.WHITE else "a")
                mates += 1
            results.add(record.tags.get("Result"))
            games += 1
            moves += record.moves_replayed
    assert games == 1377, "the corpus holds 1,377 crazyhouse games"
    assert mates > 100
    assert moves > 50000
    assert {"1-0", "0-1"} <= results


def test_strict_raises_invalid_bpgn_error_at_the_bad_record():
    reader = read_bpgn(SHORT, strict=True)
    assert next(reader).number == 1
    with pytest.raises(bughouse.InvalidBpgnError, match=r"game 2, move 2A \(A-White\) 'Qh9'"):
        next(reader)
    # The reader goes on after the bad record (the third is crazyhouse).
    assert next(reader).number == 3
    with pytest.raises(StopIteration):
        next(reader)
    bad_zh = "[Event \"zh\"]\n1. e4 e5 2. Ke3 *\n"
    with pytest.raises(bughouse.InvalidBpgnError, match="game 1, move 2.*'Ke3'"):
        next(read_bpgn(bad_zh, strict=True))
    assert issubclass(bughouse.InvalidBpgnError, ValueError)


def test_sources_path_str_path_text_and_bytes(tmp_path):
    path = tmp_path / "games.bpgn"
    path.write_text(SHORT)
    expected = [(r.number, r.tags, r.error) for r in read_bpgn(SHORT)]
    for source in (path, str(path), SHORT, SHORT.encode()):
        assert [(r.number, r.tags, r.error) for r in read_bpgn(source)] == expected


def test_a_str_without_newline_or_bracket_is_a_path(tmp_path):
    missing = tmp_path / "missing.bpgn"
    with pytest.raises(FileNotFoundError) as info:
        read_bpgn(str(missing))
    assert info.value.filename == str(missing)
    with pytest.raises(FileNotFoundError):
        read_bpgn(missing)
    # With a newline, the same kind of text is the archive itself.
    assert list(read_bpgn("1A. e4 *\n"))[0].moves_replayed == 1
    assert list(read_bpgn("")) == []


def test_read_bpgn_refuses_other_types():
    with pytest.raises(TypeError, match="read_bpgn"):
        read_bpgn(3)  # type: ignore[arg-type]


def test_tags_decode_utf8_else_latin1():
    latin1 = next(read_bpgn(b'[WhiteA "Andr\xe9"]\n1A. e4 *\n'))
    assert latin1.tags["WhiteA"] == "Andr\u00e9"
    utf8 = next(read_bpgn('[WhiteA "Andr\u00e9"]\n1A. e4 *\n'.encode()))
    assert utf8.tags["WhiteA"] == "Andr\u00e9"
    # A Latin-1 byte in a comment never stops the replay.
    record = next(read_bpgn(b'[WhiteA "x"]\n1A. e4 {caf\xe9} 1a. e5 {x resigns} 0-1\n'))
    assert record.error is None and record.moves_replayed == 2


def test_the_first_of_a_repeated_tag_counts():
    record = next(read_bpgn('[Event "a"]\n[Event "b"]\n1A. e4 *\n'))
    assert record.tags == {"Event": "a"}


def test_records_stream_one_at_a_time():
    text = SHORT * 200
    reader = read_bpgn(text)
    assert iter(reader) is reader
    first = [next(reader) for _ in range(4)]
    assert [r.number for r in first] == [1, 2, 3, 4]
    assert first[3].line == SHORT.count("\n") + 1
    assert sum(1 for _ in reader) == 600 - 4


def test_crlf_and_byte_order_mark():
    text = ("\ufeff" + SHORT.replace("\n", "\r\n")).encode()
    records = list(read_bpgn(text))
    assert len(records) == 3 and records[0].error is None
    assert records[0].tags["Event"] == "one"


def test_a_mate_in_a_record_ends_the_replayed_game():
    text = (
        '[FEN "6rk/6pp/8/6N1/8/8/8/4K3[] w - - 0 1 | '
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"]\n'
        "1A. Nf7# {A-Black checkmated} 1-0\n"
    )
    record = next(read_bpgn(text))
    assert record.error is None and record.agrees
    assert bughouse_game(record).outcome() == Outcome("checkmate", "a")


def test_game_record_pickles_and_has_a_repr():
    record = next(read_bpgn(bughouse_files()[0]))
    again = pickle.loads(pickle.dumps(record))
    assert again.tags == record.tags and bughouse_game(again) == bughouse_game(record)
    for name in ("error", "recorded_ending", "moves_replayed", "agrees", "ending_kind",
                 "loser", "is_bughouse", "number", "line"):
        assert getattr(again, name) == getattr(record, name), name
    assert repr(record).startswith("<GameRecord #1 ")
    made = GameRecord({"Event": "x"}, bughouse.Game(), None, None)
    assert made.moves_replayed == 0 and made.loser is None
    with pytest.raises(bughouse.BughouseError, match="not a seat"):
        GameRecord({}, bughouse.Game(), loser="Q")


def test_threads_sharing_one_reader_get_every_record_once():
    text = b"".join(p.read_bytes() + b"\n" for p in bughouse_files())
    reader = read_bpgn(text)
    seen: list = []
    errors: list = []
    lock = threading.Lock()

    def worker():
        try:
            for record in reader:
                assert record.error is None
                with lock:
                    seen.append(record.number)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(seen) == list(range(1, 49))


def test_read_bpgn_refuses_a_path_in_bytes_and_reads_open_files(tmp_path):
    path = bughouse_files()[0]
    with pytest.raises(TypeError, match="as str or os.PathLike"):
        read_bpgn(os.fsencode(path))
    # Bytes that are an archive still read.
    assert next(read_bpgn(path.read_bytes())).error is None
    with open(path, "rb") as binary, open(path, encoding="latin-1") as text:
        assert next(read_bpgn(binary)).tags == next(read_bpgn(text)).tags
    with pytest.raises(TypeError, match="not int"):
        read_bpgn(3)  # type: ignore[arg-type]


def test_read_bpgn_takes_os_pathlike_objects():
    class Where(os.PathLike):
        def __fspath__(self):
            return str(bughouse_files()[0])

    assert next(read_bpgn(Where())).error is None


def test_n4_strict_refuses_malformed_text_with_its_line():
    for text, message in [
        ('[Event "x"', r"game 1, line 1: a tag is not closed with '\]' \(N4\)"),
        ('[Event "x"]\n[Site "y]\n1. e4 *\n', r"game 1, line 2: a tag value is not closed"),
        ('[Event "x"]\n\n1A. e4 {no end\n', r"game 1, line 3: a comment is not closed with '\}'"),
        ('[Event "x"]\n1. e4 (1. d4\n*\n', r"game 1, line 2: a variation is not closed"),
    ]:
        with pytest.raises(bughouse.InvalidBpgnError, match=message):
            next(read_bpgn(text, strict=True))
        # The tolerant reader reads around it.
        assert next(read_bpgn(text)).error is None, text
    # Lines count from the archive's start.
    with pytest.raises(bughouse.InvalidBpgnError, match="game 2, line 4"):
        list(read_bpgn('[E "1"]\n1. e4 *\n\n[E "2"\n1. e4 *\n', strict=True))


def test_tags_read_in_linear_time():
    # 200,000 distinct tags: a quadratic reader takes minutes (40,000 took
    # 3.1 s); a linear one well under a second. The bound is generous.
    text = "".join(f'[T{i} "v{i}"]\n' for i in range(200_000)) + "\n1. e4 *\n"
    started = time.monotonic()
    record = next(read_bpgn(text))
    assert time.monotonic() - started < 5.0
    assert len(record.tags) == 200_000 and record.tags["T199999"] == "v199999"
